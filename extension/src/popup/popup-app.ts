/**
 * The popup: on a LinkedIn profile, read it, let the user check it, save it as a card with what
 * just happened and when to follow up; on a profile already saved, show where the person stands
 * and log a message or snooze in one click.
 *
 * Opening is fast by design (docs/PERFORMANCE.md): one storage read gives the settings and the
 * columns cached within the last minute; the page is read (one script injection) while the
 * API answers whether the profile is saved; the form is drawn as soon as the profile is read,
 * complete when the columns were cached, and never waits for the photo
 * (`performance.mark('tend:profile-shown')` marks that moment for the browser test).
 */
import {
  WORDS,
  canonicalLinkedInUrl,
  INVALID_URL_MESSAGE,
  type Contact,
  type LinkedInMatchResponse,
  type Tier,
} from '@tend/contracts';
import type { ApiProblem, ApiResult, TendApi } from '../api/tend-api';
import type { LinkedInProfile } from '../linkedin/read-profile';
import { show } from '../shared/dom';
import { dataUrlToBlob } from '../shared/photo-bytes';
import type { Settings, SettingsStore } from '../shared/settings';
import { followUpDateFor, localToday, nextFollowUpWords, standingOf } from './follow-up-dates';
import type { ActiveTab, PageAccess, PhotoOutcome } from './page-access';
import {
  duplicateView,
  errorView,
  fillTiers,
  formView,
  inNetworkView,
  loadingView,
  notConnectedView,
  notProfileView,
  onBoardView,
  planFullView,
  readFailedView,
  savedToNetworkView,
  savedView,
  showColumnCadence,
  showErrors,
  showStanding,
  unreachableView,
  type FollowUpChoice,
  type FormView,
} from './popup-views';

/** Shown only when the server's 403 carries no sentence of its own (the allowance is the server's to name). */
const PLAN_FULL_FALLBACK =
  'The free plan’s contacts are all used. Upgrade to Premium for unlimited contacts, or remove one first.';

/**
 * The popup never waits for the answer to "is this profile saved?" once the page is read: it uses
 * the answer if it is already there (a saved profile then opens on its own screen), else draws the
 * save form and switches when the answer says saved. Waiting for it cost 20 to 100 ms of every
 * open (docs/PERFORMANCE.md), most opens being of profiles not saved yet.
 */
const MATCH_WAIT_MS = 0;

export interface PopupDeps {
  root: HTMLElement;
  extensionId: string;
  settings: SettingsStore;
  page: PageAccess;
  createApi: (origin: string, token: string) => TendApi;
  openOptions: () => void;
  /** How long Save waits for the photo before saving without it. */
  photoWaitMs?: number;
  /** The browser's date (tests fix it). */
  today?: () => string;
}

export const PROFILE_SHOWN_MARK = 'tend:profile-shown';
/** The steps before it, marked for docs/PERFORMANCE.md's breakdown (the browser journey logs them). */
export const STEP_MARKS = {
  start: 'tend:start',
  settings: 'tend:settings-and-tab',
  pageRead: 'tend:page-read',
  match: 'tend:board-answered',
} as const;

export const appUrls = (origin: string, extensionId: string) => ({
  board: `${origin}/kanban`,
  contact: (id: number) => `${origin}/kanban/${id}`,
  networkPerson: (id: number) => `${origin}/network/${id}`,
  account: `${origin}/account`,
  connect: `${origin}/extension/connect?extension_id=${encodeURIComponent(extensionId)}`,
});

type Match = ApiResult<LinkedInMatchResponse | null>;

/** The columns: the cached copy at once, else from the API (and then cached). */
function columnsOf(deps: PopupDeps, api: TendApi, settings: Settings): Promise<ApiResult<Tier[]>> {
  if (settings.cachedTiers) return Promise.resolve({ ok: true, value: settings.cachedTiers });
  return api.listTiers().then((result) => {
    if (result.ok) void deps.settings.cacheTiers(settings.appOrigin, result.value);
    return result;
  });
}

const settled = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

export async function startPopup(deps: PopupDeps): Promise<void> {
  const { root } = deps;
  show(root, loadingView(), null);
  performance.mark(STEP_MARKS.start);
  const [settings, tab] = await Promise.all([deps.settings.load(), deps.page.activeTab().catch(() => null)]);
  performance.mark(STEP_MARKS.settings);
  const urls = appUrls(settings.appOrigin, deps.extensionId);
  const profileUrl = tab ? canonicalLinkedInUrl(tab.url) : null;

  if (!tab || !profileUrl) {
    show(root, notProfileView(urls.board, settings.token ? null : urls.connect));
    return;
  }
  if (!settings.token) {
    show(root, notConnectedView(urls.connect, false));
    return;
  }

  // The page, the columns and "is it saved?" all at once.
  const api = deps.createApi(settings.appOrigin, settings.token);
  const tiers = columnsOf(deps, api, settings);
  const match = api.findByLinkedIn(profileUrl);
  void match.then(() => performance.mark(STEP_MARKS.match));
  const profile = await deps.page.readProfile(tab).catch(() => null);
  performance.mark(STEP_MARKS.pageRead);
  if (!profile) {
    show(root, readFailedView(urls.board));
    return;
  }

  const early = await settled(match, MATCH_WAIT_MS);
  if (early?.ok && early.value) {
    showSaved(deps, api, settings.appOrigin, early.value, tiers);
    return;
  }
  const session = new FormSession(deps, tab, profile, api, settings.appOrigin, settings.lastTierId);
  session.start(tiers, match);
}

type Urls = ReturnType<typeof appUrls>;

class FormSession {
  private readonly view: FormView;
  private tiers: Tier[] | null = null;
  private tiersPromise: Promise<ApiResult<Tier[]>> | null = null;
  private busy = false;
  private finished = false;
  private readonly photo: Promise<PhotoOutcome>;
  private readonly urls: Urls;

  constructor(
    private readonly deps: PopupDeps,
    tab: ActiveTab,
    private readonly profile: LinkedInProfile,
    private readonly api: TendApi,
    private readonly origin: string,
    private readonly lastTierId: number | null,
  ) {
    this.urls = appUrls(origin, deps.extensionId);
    this.view = formView({
      name: profile.name,
      title: profile.title ?? '',
      company: profile.company ?? '',
      linkedIn: profile.profileUrl,
    });
    this.photo = profile.photoUrl
      ? deps.page.readPhoto(tab, profile.photoUrl).catch((error: unknown) => ({ photo: null, reason: String(error) }))
      : Promise.resolve({ photo: null, reason: 'the profile has no photo' });
  }

  start(tiers: Promise<ApiResult<Tier[]>>, match: Promise<Match>): void {
    const { view, deps } = this;
    this.tiersPromise = tiers;
    const today = (deps.today ?? localToday)();
    view.followUpDate.min = today;
    show(deps.root, view.root, view.fields.name);
    if (!this.profile.name) showErrors(view.errors, ['The name could not be read from the page: type it in.']);
    performance.mark(PROFILE_SHOWN_MARK);

    view.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.save();
    });
    view.fields.name.addEventListener('input', () => this.updateSave());
    view.tier.addEventListener('change', () => {
      const id = Number(view.tier.value);
      if (Number.isInteger(id) && id > 0) void deps.settings.setLastTierId(id);
      this.showCadence();
    });
    view.followUp.addEventListener('change', () => {
      view.followUpDate.hidden = view.followUp.value !== 'date';
      if (!view.followUpDate.hidden) view.followUpDate.focus();
    });

    void this.photo.then((outcome) => this.showPhoto(outcome));
    void tiers.then((result) => {
      if (this.finished) return;
      if (!result.ok) return this.fail(result.problem);
      this.tiers = result.value;
      fillTiers(view.tier, result.value, this.lastTierId);
      this.showCadence();
      if (result.value.length === 0) showErrors(view.errors, [WORDS.noColumns]);
      this.updateSave();
    });
    void match.then((result) => {
      if (this.finished) return;
      if (!result.ok) return this.fail(result.problem);
      if (result.value) {
        this.finished = true;
        showSaved(deps, this.api, this.origin, result.value, tiers);
      }
    });
  }

  private showCadence(): void {
    const tier = this.tiers?.find((t) => t.id === Number(this.view.tier.value));
    showColumnCadence(this.view.followUp, tier?.cadence_days ?? null);
  }

  private showPhoto(outcome: PhotoOutcome): void {
    const { view } = this;
    if (outcome.photo) {
      view.photo.src = outcome.photo.dataUrl;
      view.photo.alt = `Photo of ${view.fields.name.value || 'this person'}`;
      view.photo.hidden = false;
      view.photoPlaceholder.hidden = true;
      view.includePhotoRow.hidden = false;
    } else if (this.profile.photoUrl) {
      view.photoNote.textContent = 'The photo can’t be read from this page: the card will be saved without it.';
      view.photoNote.hidden = false;
      console.info('Tend: no photo bytes:', outcome.reason);
    }
  }

  private async save(): Promise<void> {
    const { view } = this;
    const values = {
      name: view.fields.name.value.trim(),
      title: view.fields.title.value.trim(),
      company: view.fields.company.value.trim(),
      linkedIn: view.fields.linkedIn.value.trim(),
    };
    const tierId = Number(view.tier.value);
    // Save is disabled without a name or a tier (as in the web app's Add contact form).
    if (!values.name || !Number.isInteger(tierId) || tierId <= 0) return;
    const linkedIn = values.linkedIn ? canonicalLinkedInUrl(values.linkedIn) : '';
    view.fields.linkedIn.setAttribute('aria-invalid', String(linkedIn === null));
    if (linkedIn === null) {
      showErrors(view.errors, [`${INVALID_URL_MESSAGE}: enter a LinkedIn profile address (linkedin.com/in/…).`]);
      view.fields.linkedIn.focus();
      return;
    }
    const choice = view.followUp.value as FollowUpChoice;
    const followUpOn = followUpDateFor(choice, (this.deps.today ?? localToday)(), view.followUpDate.value);
    if (choice === 'date' && !followUpOn) {
      showErrors(view.errors, ['Choose the follow-up date, or another follow-up.']);
      view.followUpDate.focus();
      return;
    }
    showErrors(view.errors, []);

    this.setBusy(true);
    // Until the photo has arrived there is no box to untick: it is wanted.
    const wantsPhoto = this.profile.photoUrl !== null && (view.includePhotoRow.hidden || view.includePhoto.checked);
    const outcome = wantsPhoto ? await this.photoWithin() : null;
    const photo = outcome?.photo ? dataUrlToBlob(outcome.photo.dataUrl) : null;
    const contact = {
      name: values.name,
      title: values.title,
      company: values.company,
      linkedIn,
      tierId,
      photo,
      firstNote: view.note.value.trim(),
    };
    const result = await this.api.createContact({ ...contact, followUpOn });
    if (!result.ok && result.problem.kind === 'plan-full') {
      // The free board is full: the person goes to the network instead (no column, no follow-up),
      // with the note and the photo, and the popup says so with the way to upgrade.
      const [network, config] = await Promise.all([
        this.api.createContact({ ...contact, onBoard: false }),
        this.api.getConfig(),
      ]);
      if (network.ok) {
        const upgrade =
          config.ok && !config.value.billing_enabled ? { unavailable: true as const } : { url: this.urls.account };
        this.finish(savedToNetworkView(network.value.name, upgrade, this.urls.networkPerson(network.value.id)));
        return;
      }
    }
    if (result.ok) {
      void this.deps.settings.setLastTierId(tierId);
      const tierName = this.tiers?.find((tier) => tier.id === tierId)?.name ?? null;
      const next = nextFollowUpWords(result.value.next_follow_up_on, (this.deps.today ?? localToday)());
      this.finish(
        savedView(result.value.name, tierName, next.text, wantsPhoto && !photo, this.urls.contact(result.value.id)),
      );
      return;
    }
    const problem = result.problem;
    // The user's edits stay: these are worth another try from the same form.
    if (
      problem.kind === 'invalid' ||
      problem.kind === 'unreachable' ||
      problem.kind === 'server' ||
      problem.kind === 'forbidden'
    ) {
      const message =
        problem.kind === 'unreachable' ? [`Can’t reach Tend at ${this.origin}. Try again.`] : problem.errors;
      showErrors(view.errors, message);
      this.setBusy(false);
      view.save.focus();
      return;
    }
    this.fail(problem);
  }

  /** The photo if it arrives in time; saving never waits long for it. */
  private async photoWithin(): Promise<PhotoOutcome> {
    const timeout = new Promise<PhotoOutcome>((resolve) =>
      setTimeout(() => resolve({ photo: null, reason: 'timed out' }), this.deps.photoWaitMs ?? 5000),
    );
    return Promise.race([this.photo, timeout]);
  }

  private updateSave(): void {
    const { view } = this;
    view.save.disabled = this.busy || !this.tiers?.length || view.fields.name.value.trim() === '';
  }

  private setBusy(busy: boolean): void {
    const { view } = this;
    this.busy = busy;
    this.updateSave();
    view.save.setAttribute('aria-busy', String(busy));
    view.save.textContent = busy ? 'Saving…' : 'Save to Tend';
    const controls = [
      ...Object.values(view.fields),
      view.tier,
      view.note,
      view.followUp,
      view.followUpDate,
      view.includePhoto,
    ];
    for (const input of controls) input.disabled = busy;
  }

  private finish(next: HTMLElement): void {
    this.finished = true;
    show(this.deps.root, next);
  }

  /** A problem that ends the form: a revoked token, a duplicate, a full plan, an app that is down. */
  private fail(problem: ApiProblem): void {
    if (this.finished) return;
    const { deps, urls } = this;
    switch (problem.kind) {
      case 'unauthorized':
        void deps.settings.clearToken();
        this.finish(notConnectedView(urls.connect, true));
        return;
      case 'duplicate': {
        // Saved meanwhile (elsewhere, or in the network): show where the person stands, as on opening.
        this.finished = true;
        const fallback = () =>
          show(deps.root, duplicateView(this.view.fields.name.value.trim(), urls.contact(problem.contactId)));
        const profileUrl = canonicalLinkedInUrl(this.view.fields.linkedIn.value.trim());
        if (!profileUrl || !this.tiersPromise) return fallback();
        const tiers = this.tiersPromise;
        void this.api.findByLinkedIn(profileUrl).then((found) => {
          if (found.ok && found.value?.id === problem.contactId)
            showSaved(deps, this.api, this.origin, found.value, tiers);
          else fallback();
        });
        return;
      }
      case 'plan-full': {
        this.finished = true;
        const message = problem.errors[0] ?? PLAN_FULL_FALLBACK;
        void this.api.getConfig().then((config) => {
          const upgrade =
            config.ok && !config.value.billing_enabled
              ? { unavailable: true as const, boardUrl: urls.board }
              : { url: urls.account };
          show(deps.root, planFullView(message, upgrade));
        });
        return;
      }
      case 'unreachable': {
        const screen = unreachableView(this.origin);
        screen.retry.addEventListener('click', () => void startPopup(deps));
        screen.options.addEventListener('click', () => deps.openOptions());
        this.finish(screen.root);
        return;
      }
      default: {
        const screen = errorView(problem.errors);
        screen.retry.addEventListener('click', () => void startPopup(deps));
        this.finish(screen.root);
      }
    }
  }
}

/**
 * A profile already on the board: where the person stands (column, last contact, next follow-up),
 * "Log that I messaged them" (what Done does: an interaction dated today, with the note if any,
 * which resets the follow-up by the rule) and Snooze.
 */
class OnBoardSession {
  private readonly view;
  private readonly today: string;

  constructor(
    private readonly deps: PopupDeps,
    private readonly api: TendApi,
    private readonly origin: string,
    private readonly card: LinkedInMatchResponse,
  ) {
    this.today = (deps.today ?? localToday)();
    this.view = onBoardView(
      card.name,
      standingOf(card, this.today),
      appUrls(origin, deps.extensionId).contact(card.id),
    );
  }

  start(): void {
    const { view, deps } = this;
    show(deps.root, view.root);
    performance.mark(PROFILE_SHOWN_MARK);
    view.log.addEventListener('click', () => {
      void this.act(view.log, () => this.api.logDone(this.card.id, view.note.value), 'Logged.');
    });
    view.snooze.addEventListener('click', () => {
      const until = followUpDateFor(view.snoozeFor.value as FollowUpChoice, this.today, '');
      if (until) void this.act(view.snooze, () => this.api.snooze(this.card.id, until), 'Snoozed.');
    });
  }

  private async act(button: HTMLButtonElement, call: () => Promise<ApiResult<Contact>>, done: string): Promise<void> {
    const { view } = this;
    const controls = [view.log, view.snooze, view.snoozeFor, view.note];
    for (const control of controls) control.disabled = true;
    button.setAttribute('aria-busy', 'true');
    view.status.hidden = true;
    showErrors(view.errors, []);
    const result = await call();
    button.setAttribute('aria-busy', 'false');
    for (const control of controls) control.disabled = false;
    if (!result.ok) {
      if (result.problem.kind === 'unauthorized') {
        void this.deps.settings.clearToken();
        show(this.deps.root, notConnectedView(appUrls(this.origin, this.deps.extensionId).connect, true));
        return;
      }
      showErrors(
        view.errors,
        result.problem.kind === 'unreachable'
          ? [`Can’t reach Tend at ${this.origin}. Try again.`]
          : result.problem.errors,
      );
      return;
    }
    const card = { ...this.card, ...pickStanding(result.value) };
    showStanding(view.standing, standingOf(card, this.today));
    view.note.value = '';
    view.status.textContent = `${done} ${WORDS.nextFollowUp}: ${nextFollowUpWords(card.next_follow_up_on, this.today).text}.`;
    view.status.hidden = false;
  }
}

function pickStanding(contact: Contact): Pick<LinkedInMatchResponse, 'last_contacted_on' | 'next_follow_up_on'> {
  return { last_contacted_on: contact.last_contacted_on, next_follow_up_on: contact.next_follow_up_on };
}

/** A profile already saved: on the board (its standing, Log, Snooze) or in the network (Put on the board). */
function showSaved(
  deps: PopupDeps,
  api: TendApi,
  origin: string,
  card: LinkedInMatchResponse,
  tiers: Promise<ApiResult<Tier[]>>,
): void {
  if (card.on_board) new OnBoardSession(deps, api, origin, card).start();
  else new InNetworkSession(deps, api, origin, card).start(tiers);
}

/** Someone in the network: "Put on the board" into a column, then their on-board screen. */
class InNetworkSession {
  private readonly view;
  private tiers: Tier[] = [];

  constructor(
    private readonly deps: PopupDeps,
    private readonly api: TendApi,
    private readonly origin: string,
    private readonly card: LinkedInMatchResponse,
  ) {
    const today = (deps.today ?? localToday)();
    this.view = inNetworkView(
      card.name,
      standingOf(card, today),
      appUrls(origin, deps.extensionId).networkPerson(card.id),
    );
  }

  start(tiers: Promise<ApiResult<Tier[]>>): void {
    const { view, deps } = this;
    show(deps.root, view.root);
    performance.mark(PROFILE_SHOWN_MARK);
    void tiers.then((result) => {
      if (!result.ok) return showErrors(view.errors, result.problem.errors);
      this.tiers = result.value;
      fillTiers(view.tier, result.value, null);
      view.put.disabled = result.value.length === 0;
    });
    view.put.addEventListener('click', () => void this.put());
  }

  private async put(): Promise<void> {
    const { view } = this;
    const tierId = Number(view.tier.value);
    if (!Number.isInteger(tierId) || tierId <= 0) return;
    view.put.disabled = true;
    view.put.setAttribute('aria-busy', 'true');
    showErrors(view.errors, []);
    const result = await this.api.putOnBoard(this.card.id, tierId);
    view.put.setAttribute('aria-busy', 'false');
    view.put.disabled = false;
    if (!result.ok) {
      if (result.problem.kind === 'unauthorized') {
        void this.deps.settings.clearToken();
        show(this.deps.root, notConnectedView(appUrls(this.origin, this.deps.extensionId).connect, true));
        return;
      }
      showErrors(view.errors, result.problem.errors);
      return;
    }
    const moved = {
      ...this.card,
      on_board: true,
      tier_id: tierId,
      tier_name: this.tiers.find((tier) => tier.id === tierId)?.name ?? null,
      ...pickStanding(result.value),
    };
    void this.deps.settings.setLastTierId(tierId);
    new OnBoardSession(this.deps, this.api, this.origin, moved).start();
  }
}
