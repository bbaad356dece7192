/** The popup's screens, as plain DOM. Each returns its root; the controller wires the actions. */
import {
  ADD_FORM_CONTACT_FIELDS,
  byColumnWords,
  camelCase,
  NOTES_MAX_LENGTH,
  type AddFormContactField,
  type CamelCase,
  type Tier,
  WORDS,
} from '@tend/contracts';
import { h } from '../shared/dom';

export type ViewName =
  | 'loading'
  | 'not-profile'
  | 'not-connected'
  | 'read-failed'
  | 'form'
  | 'duplicate'
  | 'on-board'
  | 'in-network'
  | 'saved'
  | 'saved-to-network'
  | 'plan-full'
  | 'unreachable'
  | 'error';

function view(name: ViewName, ...children: (Node | string | null | false)[]): HTMLElement {
  return h('section', { className: `view view--${name}`, 'data-view': name }, ...children);
}

function externalLink(
  href: string,
  text: string,
  kind: 'primary' | 'secondary' | 'plain' = 'plain',
): HTMLAnchorElement {
  const className = kind === 'plain' ? 'link' : `btn btn--${kind}`;
  return h('a', { className, href, target: '_blank', rel: 'noopener noreferrer' }, text);
}

function button(
  text: string,
  kind: 'primary' | 'secondary' = 'primary',
  type: 'button' | 'submit' = 'button',
): HTMLButtonElement {
  return h('button', { className: `btn btn--${kind}`, type }, text);
}

export function loadingView(): HTMLElement {
  return view('loading', h('p', { className: 'muted', role: 'status' }, 'Reading this profile…'));
}

export function notProfileView(boardUrl: string, connectUrl: string | null): HTMLElement {
  return view(
    'not-profile',
    h('h1', {}, 'Save people from LinkedIn'),
    h(
      'p',
      {},
      'Open someone’s LinkedIn profile (linkedin.com/in/…) and click the Tend button. Tend reads the profile you are looking at, and nothing else; you check the details before saving the card.',
    ),
    connectUrl && h('p', { className: 'muted' }, 'This browser is not connected to Tend yet.'),
    h(
      'div',
      { className: 'actions' },
      connectUrl && externalLink(connectUrl, 'Connect to Tend', 'primary'),
      externalLink(boardUrl, 'Open your board', connectUrl ? 'secondary' : 'primary'),
    ),
  );
}

export function notConnectedView(connectUrl: string, revoked: boolean): HTMLElement {
  return view(
    'not-connected',
    h('h1', {}, 'Connect to Tend'),
    revoked &&
      h(
        'p',
        { className: 'alert alert--warning', role: 'alert' },
        'Your connection to Tend was revoked or has expired. Connect again to keep saving profiles.',
      ),
    h(
      'p',
      {},
      'To save profiles, connect this browser to your Tend account. You approve it in Tend, signed in; you can disconnect it at any time in Tend’s Settings or in this extension’s options.',
    ),
    h('div', { className: 'actions' }, externalLink(connectUrl, 'Connect to Tend', 'primary')),
  );
}

export function readFailedView(boardUrl: string): HTMLElement {
  return view(
    'read-failed',
    h('h1', {}, 'Couldn’t read this page'),
    h('p', {}, 'Reload the LinkedIn profile, wait until it has loaded, and click the Tend button again.'),
    h('div', { className: 'actions' }, externalLink(boardUrl, 'Open your board', 'secondary')),
  );
}

/** The popup's fields: the ones asked for when a card is first made (`ADD_FORM_CONTACT_FIELDS`), by their camelCase key. */
export type FormValues = { [F in AddFormContactField as CamelCase<F['key']>]: string };

export interface FormView {
  root: HTMLElement;
  form: HTMLFormElement;
  fields: Record<keyof FormValues, HTMLInputElement>;
  tier: HTMLSelectElement;
  note: HTMLTextAreaElement;
  followUp: HTMLSelectElement;
  followUpDate: HTMLInputElement;
  photo: HTMLImageElement;
  photoPlaceholder: HTMLElement;
  includePhoto: HTMLInputElement;
  includePhotoRow: HTMLElement;
  photoNote: HTMLElement;
  status: HTMLElement;
  errors: HTMLElement;
  save: HTMLButtonElement;
}

/** Cuts text to the API's limit for the field, marking the cut. */
export function fitToLimit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function formView(values: FormValues): FormView {
  const field = (spec: AddFormContactField) => {
    const key = camelCase(spec.key);
    const required = spec.kind === 'name';
    const id = `field-${key}`;
    const input = h('input', {
      id,
      name: key,
      type: spec.kind === 'url' ? 'url' : 'text',
      maxlength: spec.maxLength,
      required: required || undefined,
      'aria-required': required ? 'true' : undefined,
      autocomplete: 'off',
      spellcheck: 'false',
    });
    input.value = fitToLimit(values[key], spec.maxLength);
    const row = inlineField(
      h(
        'label',
        { for: id },
        spec.label,
        required ? h('span', { className: 'required', 'aria-hidden': 'true' }, ' *') : null,
      ),
      input,
    );
    return { key, input, row };
  };
  const fields = ADD_FORM_CONTACT_FIELDS.map(field);

  const tier = h(
    'select',
    { id: 'field-tier', name: 'tier', disabled: true },
    h('option', { value: '' }, WORDS.loadingColumns),
  );
  const note = h('textarea', {
    id: 'field-note',
    name: 'note',
    rows: 2,
    maxlength: NOTES_MAX_LENGTH,
    placeholder: 'What just happened (optional)',
  });
  const followUp = followUpSelect('field-follow-up', true);
  const followUpDate = h('input', {
    id: 'field-follow-up-date',
    name: 'follow-up-date',
    type: 'date',
    'aria-label': 'Follow-up date',
    hidden: true,
  });
  const photo = h('img', { className: 'photo', alt: '', width: 48, height: 48, hidden: true });
  const photoPlaceholder = h(
    'div',
    { className: 'photo photo--placeholder', 'aria-hidden': 'true' },
    initials(values.name),
  );
  const includePhoto = h('input', { id: 'field-photo', type: 'checkbox', checked: true });
  const includePhotoRow = h(
    'div',
    { className: 'checkbox', hidden: true },
    includePhoto,
    h('label', { for: 'field-photo' }, 'Include the photo'),
  );
  const photoNote = h('p', { className: 'muted small', hidden: true });
  const status = h('p', { className: 'muted small', role: 'status' });
  const errors = h('div', { className: 'alert alert--error', role: 'alert', hidden: true });
  const save = button('Save to Tend', 'primary', 'submit');
  save.disabled = true;

  const form = h(
    'form',
    { className: 'form', novalidate: true, 'aria-labelledby': 'form-title' },
    h(
      'div',
      { className: 'profile-head' },
      photo,
      photoPlaceholder,
      // The photo's checkbox sits beside the photo, under the heading: the form then fits Chrome's
      // popup without scrolling, Save clear of the bottom edge (issue 27 point 14).
      h(
        'div',
        {},
        h('h1', { id: 'form-title' }, 'Save to Tend'),
        h('p', { className: 'muted small' }, 'From the LinkedIn page you are on'),
        includePhotoRow,
      ),
    ),
    photoNote,
    ...fields.map(({ row }) => row),
    inlineField(h('label', { for: 'field-tier' }, WORDS.column), tier),
    inlineField(h('label', { for: 'field-note' }, WORDS.firstNote), note),
    inlineField(
      h('label', { for: 'field-follow-up' }, WORDS.firstFollowUp),
      h('div', { className: 'follow-up-choice' }, followUp, followUpDate),
    ),
    errors,
    h('div', { className: 'actions' }, save),
    status,
  );

  return {
    root: view('form', form),
    form,
    fields: Object.fromEntries(fields.map(({ key, input }) => [key, input])) as FormView['fields'],
    tier,
    note,
    followUp,
    followUpDate,
    photo,
    photoPlaceholder,
    includePhoto,
    includePhotoRow,
    photoNote,
    status,
    errors,
    save,
  };
}

/** A label beside its control: the form then fits Chrome's popup without scrolling (issue 27 point 14). */
function inlineField(label: HTMLLabelElement, control: HTMLElement): HTMLElement {
  return h('div', { className: 'field field--inline' }, label, control);
}

/** The follow-up choices a person makes in one click; the values are read by `followUpDateFor`. */
export const FOLLOW_UP_CHOICES = [
  { value: 'column', label: byColumnWords(null) },
  { value: 'week', label: 'In 1 week' },
  { value: 'two-weeks', label: 'In 2 weeks' },
  { value: 'month', label: 'In 1 month' },
] as const;
export type FollowUpChoice = (typeof FOLLOW_UP_CHOICES)[number]['value'] | 'date';

function followUpSelect(id: string, withColumnAndDate: boolean): HTMLSelectElement {
  const choices = withColumnAndDate ? FOLLOW_UP_CHOICES : FOLLOW_UP_CHOICES.filter((c) => c.value !== 'column');
  return h(
    'select',
    { id, name: id },
    ...choices.map((choice) => h('option', { value: choice.value }, choice.label)),
    withColumnAndDate && h('option', { value: 'date' }, WORDS.followUpOnDate),
  );
}

/** The "By column" choice says what the chosen column's cadence gives. */
export function showColumnCadence(select: HTMLSelectElement, cadenceDays: number | null): void {
  const option = select.querySelector<HTMLOptionElement>('option[value="column"]');
  if (option) option.textContent = byColumnWords(cadenceDays);
}

export function fillTiers(select: HTMLSelectElement, tiers: Tier[], selectedId: number | null): void {
  select.replaceChildren(...tiers.map((tier) => h('option', { value: tier.id }, tier.name)));
  const chosen = tiers.find((tier) => tier.id === selectedId) ?? tiers[0];
  if (chosen) select.value = String(chosen.id);
  select.disabled = tiers.length === 0;
}

export function showErrors(box: HTMLElement, errors: string[]): void {
  box.replaceChildren(
    ...(errors.length === 1 ? [errors[0] ?? ''] : [h('ul', {}, ...errors.map((e) => h('li', {}, e)))]),
  );
  box.hidden = errors.length === 0;
}

export function duplicateView(name: string, openUrl: string): HTMLElement {
  return view(
    'duplicate',
    h('h1', {}, 'Already on your board'),
    h(
      'p',
      {},
      name
        ? `${name} is already a card in Tend, saved from this LinkedIn profile.`
        : 'This LinkedIn profile is already a card in Tend.',
    ),
    h('div', { className: 'actions' }, externalLink(openUrl, 'Open in Tend', 'primary')),
  );
}

/** Where a saved person stands, as the popup shows it. */
export interface StandingWords {
  column: string | null;
  lastContact: string;
  nextFollowUp: string;
  overdue: boolean;
}

export interface OnBoardView {
  root: HTMLElement;
  standing: HTMLElement;
  note: HTMLTextAreaElement;
  log: HTMLButtonElement;
  snoozeFor: HTMLSelectElement;
  snooze: HTMLButtonElement;
  status: HTMLElement;
  errors: HTMLElement;
}

/** A profile already on the board: where the person stands, and the two answers to a follow-up. */
export function onBoardView(name: string, standing: StandingWords, openUrl: string): OnBoardView {
  const note = h('textarea', {
    id: 'field-log-note',
    name: 'note',
    rows: 2,
    maxlength: NOTES_MAX_LENGTH,
    placeholder: 'What you wrote (optional)',
  });
  const log = button(WORDS.logMessaged);
  const snoozeFor = followUpSelect('field-snooze', false);
  snoozeFor.setAttribute('aria-label', 'Snooze for');
  const snooze = button(WORDS.snooze, 'secondary');
  const status = h('p', { className: 'alert alert--success', role: 'status', hidden: true });
  const errors = h('div', { className: 'alert alert--error', role: 'alert', hidden: true });
  const standingBox = h('dl', { className: 'standing' });
  showStanding(standingBox, standing);
  const root = view(
    'on-board',
    h('h1', {}, 'On your board'),
    h('p', { className: 'standing__name' }, name || 'This LinkedIn profile is a card in Tend.'),
    standingBox,
    h('div', { className: 'field' }, h('label', { for: 'field-log-note' }, WORDS.firstNote), note),
    errors,
    h('div', { className: 'actions' }, log),
    h('div', { className: 'actions actions--snooze' }, snoozeFor, snooze),
    status,
    h('p', { className: 'small' }, externalLink(openUrl, 'Open in Tend')),
  );
  return { root, standing: standingBox, note, log, snoozeFor, snooze, status, errors };
}

export interface InNetworkView {
  root: HTMLElement;
  tier: HTMLSelectElement;
  put: HTMLButtonElement;
  errors: HTMLElement;
}

/** Someone in the network (saved when the board was full, or imported): put them on the board. */
export function inNetworkView(name: string, standing: StandingWords, openUrl: string): InNetworkView {
  const tier = h(
    'select',
    { id: 'field-tier', name: 'tier', disabled: true },
    h('option', { value: '' }, WORDS.loadingColumns),
  );
  const put = button(WORDS.putOnBoard);
  put.disabled = true;
  const errors = h('div', { className: 'alert alert--error', role: 'alert', hidden: true });
  const standingBox = h('dl', { className: 'standing' });
  showStanding(standingBox, standing);
  const root = view(
    'in-network',
    h('h1', {}, 'In your network'),
    h('p', { className: 'standing__name' }, name),
    h('p', { className: 'muted' }, 'Not on your board: no column and no follow-up yet.'),
    standingBox,
    h('div', { className: 'field' }, h('label', { for: 'field-tier' }, WORDS.column), tier),
    errors,
    h('div', { className: 'actions' }, put),
    h('p', { className: 'small' }, externalLink(openUrl, 'Open in Tend')),
  );
  return { root, tier, put, errors };
}

/** Saved to the network because the free board is full: says so, with the way to upgrade. */
export function savedToNetworkView(
  name: string,
  upgrade: { url: string } | { unavailable: true },
  openUrl: string,
): HTMLElement {
  return view(
    'saved-to-network',
    h('h1', {}, 'Saved to your network'),
    h('p', {}, `Your free board is full, so ${name} is in your network, with everything you saved.`),
    h(
      'p',
      { className: 'muted' },
      'Upgrade to Premium for unlimited cards, or make room on your board and put them on it from here or in Tend.',
    ),
    'url' in upgrade
      ? h('div', { className: 'actions' }, externalLink(upgrade.url, 'Upgrade to Premium', 'primary'))
      : h('p', { className: 'muted' }, 'Upgrading is not available on this Tend server: billing is not configured.'),
    h('p', { className: 'small' }, externalLink(openUrl, 'Open in Tend')),
  );
}

export function showStanding(box: HTMLElement, standing: StandingWords): void {
  const row = (term: string, value: string, className = '') =>
    h('div', { className: 'standing__row' }, h('dt', {}, term), h('dd', { className }, value));
  const rows = [
    row(WORDS.lastContact, standing.lastContact),
    row(WORDS.nextFollowUp, standing.nextFollowUp, standing.overdue ? 'standing__overdue' : ''),
  ];
  if (standing.column !== null) rows.unshift(row(WORDS.column, standing.column));
  box.replaceChildren(...rows);
}

export function savedView(
  name: string,
  tierName: string | null,
  nextFollowUp: string,
  withoutPhoto: boolean,
  openUrl: string,
): HTMLElement {
  return view(
    'saved',
    h('h1', {}, 'Saved to Tend'),
    h('p', {}, tierName ? `${name} is on your board in ${tierName}.` : `${name} is on your board.`),
    h('p', { className: 'muted' }, `${WORDS.nextFollowUp}: ${nextFollowUp}`),
    withoutPhoto && h('p', { className: 'muted' }, 'Saved without the photo: it couldn’t be read from the page.'),
    h('div', { className: 'actions' }, externalLink(openUrl, 'Open in Tend', 'primary')),
  );
}

export function planFullView(
  message: string,
  upgrade: { url: string } | { unavailable: true; boardUrl: string } | null,
): HTMLElement {
  return view(
    'plan-full',
    h('h1', {}, 'Your free plan is full'),
    h('p', {}, message),
    upgrade &&
      'url' in upgrade &&
      h('div', { className: 'actions' }, externalLink(upgrade.url, 'Upgrade to Premium', 'primary')),
    upgrade &&
      'unavailable' in upgrade &&
      h('p', { className: 'muted' }, 'Upgrading is not available on this Tend server: billing is not configured.'),
    upgrade &&
      'unavailable' in upgrade &&
      h('div', { className: 'actions' }, externalLink(upgrade.boardUrl, 'Open your board', 'secondary')),
  );
}

export function unreachableView(origin: string): {
  root: HTMLElement;
  retry: HTMLButtonElement;
  options: HTMLButtonElement;
} {
  const retry = button('Try again');
  const options = button('Open options', 'secondary');
  const root = view(
    'unreachable',
    h('h1', {}, 'Can’t reach Tend'),
    h(
      'p',
      {},
      `Tend at ${origin} didn’t answer. Check that it is running and that the address in the extension’s options is right.`,
    ),
    h('div', { className: 'actions' }, retry, options),
  );
  return { root, retry, options };
}

export function errorView(errors: string[]): { root: HTMLElement; retry: HTMLButtonElement } {
  const retry = button('Try again');
  const list = h('div', { className: 'alert alert--error', role: 'alert' });
  showErrors(list, errors);
  const root = view(
    'error',
    h('h1', {}, 'Tend couldn’t load your board'),
    list,
    h('div', { className: 'actions' }, retry),
  );
  return { root, retry };
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
