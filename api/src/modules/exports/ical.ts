import type ICALModule from 'ical.js' with { 'resolution-mode': 'import' };

export type Ical = typeof ICALModule;

let loaded: Promise<Ical> | undefined;

/** ical.js (vCard 3.0 and 4.0) ships as an ES module: loaded once, on first use. */
export function loadIcal(): Promise<Ical> {
  loaded ??= import('ical.js').then((module) => module.default);
  return loaded;
}
