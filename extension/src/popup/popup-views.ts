/** The popup's screens, as plain DOM. Each returns its root; the controller wires the actions. */
import {
  ADD_FORM_CONTACT_FIELDS,
  camelCase,
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
  | 'saved'
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
    const row = h(
      'div',
      { className: 'field' },
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
  const photo = h('img', { className: 'photo', alt: '', width: 56, height: 56, hidden: true });
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
    h('div', { className: 'field' }, h('label', { for: 'field-tier' }, WORDS.column), tier),
    errors,
    h('div', { className: 'actions' }, save),
    status,
  );

  return {
    root: view('form', form),
    form,
    fields: Object.fromEntries(fields.map(({ key, input }) => [key, input])) as FormView['fields'],
    tier,
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

export function savedView(name: string, tierName: string | null, withoutPhoto: boolean, openUrl: string): HTMLElement {
  return view(
    'saved',
    h('h1', {}, 'Saved to Tend'),
    h('p', {}, tierName ? `${name} is on your board in ${tierName}.` : `${name} is on your board.`),
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
