import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/app';
import { confirmEmail, newAccount, signUpFields, waitForBoard } from './helpers/auth';
import { launchBrowser, useBrowser, visible, waitForPath } from './helpers/browser';
import { encodeWebm, glideClick, hidePointer, showPointer, startScreencast, typeSlowly } from './helpers/demo-video';

/**
 * The landing page's demo video is this journey, filmed: `npm run demo-video` (RECORD_DEMO=1)
 * saves it as web/public/demo.webm with its poster; every other run walks the same journey as a
 * test of the path a new user takes, from the landing page to a follow-up draft.
 */
const RECORD = process.env['RECORD_DEMO'] === '1';
const PUBLIC_DIR = join(ROOT, 'web', 'public');
/** Issue 13: the video stays under 2 MB. */
const MAX_VIDEO_BYTES = 2 * 1024 * 1024;

/** Filming and encoding some 30 s of frames takes longer than a journey's usual minute. */
const RECORD_TIMEOUT_MS = RECORD ? 240_000 : 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The poster's size (the video's) and the margin around the card's picture on it. */
const POSTER = { width: 1280, height: 800, margin: 40 };
/** The app's page background (--color-bg in libs/contracts/styles/tokens.css). */
const POSTER_BACKGROUND = '#f6f7f5';
/** Left free at the poster's bottom for the landing page's play button (80 px, 24 px in). */
const PLAY_BUTTON_BAND = 150;

/** The corner radius of the card's picture on the poster (the dialog's, scaled, so none of the backdrop shows). */
const POSTER_RADIUS = 18;
/** The card's border (--color-border). */
const POSTER_BORDER = '#dfe3de';

/**
 * The poster from a picture of the card: scaled to fit the poster less its margins and the play
 * button's band, its corners rounded and bordered like a card, centred across, on the app's
 * background.
 */
async function posterOf(picture: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(picture)
    .resize(POSTER.width - 2 * POSTER.margin, POSTER.height - POSTER.margin - PLAY_BUTTON_BAND, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const rounded = (fill: string, stroke: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="${POSTER_RADIUS}" ry="${POSTER_RADIUS}"` +
        ` fill="${fill}" stroke="${stroke}"/></svg>`,
    );
  const card = await sharp(data, { raw: { width, height, channels: 4 } })
    .composite([
      { input: rounded('#000', 'none'), blend: 'dest-in' },
      { input: rounded('none', POSTER_BORDER), blend: 'over' },
    ])
    .png()
    .toBuffer();
  return sharp({
    create: { width: POSTER.width, height: POSTER.height, channels: 3, background: POSTER_BACKGROUND },
  })
    .composite([{ input: card, top: POSTER.margin, left: Math.round((POSTER.width - width) / 2) }])
    .webp({ quality: 72 })
    .toBuffer();
}

describe('demo video journey', () => {
  const browser = useBrowser();

  it(
    'goes from the landing page to a follow-up draft: sign up, add a contact, log a call, draft the follow-up',
    async () => {
      const page = await browser.openPage();
      if (RECORD) await showPointer(page);

      // From the landing page to sign-up. The film starts on the sign-up form: it plays on the
      // landing and demo pages, where a first frame of the landing page itself (blurred by the
      // encoder's low bitrate) read as a broken copy of the page around it (issue 27 point 16).
      await page.goto('/');
      await visible(page.getByRole('heading', { level: 1 }));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
      await waitForPath(page, '/signup');
      await visible(page.getByRole('heading', { name: 'Create your account' }));
      const stop = RECORD ? await startScreencast(page) : null;
      await pause(800);
      const account = newAccount('demo');
      const fields = signUpFields(page);
      await typeSlowly(page, fields.name, account.name);
      await typeSlowly(page, fields.email, account.email, 15);
      await typeSlowly(page, fields.password, account.password, 15);
      await typeSlowly(page, fields.confirmation, account.password, 15);
      await glideClick(page, fields.submit);
      await waitForPath(page, `/email-confirmation/${account.email}`);
      await pause(600);
      await confirmEmail(page, account.email);
      await glideClick(page, page.getByRole('link', { name: 'Continue' }));
      await visible(page.getByRole('heading', { name: 'Maintain your network effectively' }));
      await pause(500);
      await glideClick(page, page.getByRole('button', { name: 'Choose Free' }));
      await waitForBoard(page);
      await pause(600);

      // Add a contact.
      await glideClick(
        page,
        page
          .getByRole('region', { name: 'Potential Referrals', exact: true })
          .getByRole('button', { name: '+ Add contact' }),
      );
      const add = await visible(page.getByRole('dialog', { name: 'Add contact' }));
      await typeSlowly(page, add.getByRole('textbox', { name: 'Name', exact: true }), 'Grace Hopper');
      await typeSlowly(page, add.getByLabel('Title', { exact: true }), 'Engineering Director', 20);
      await typeSlowly(page, add.getByLabel('Company', { exact: true }), 'Analytical Engines', 20);
      await glideClick(page, add.getByRole('button', { name: 'Next' }));
      const card = await visible(page.getByRole('dialog', { name: 'Grace Hopper', exact: true }));
      await typeSlowly(page, card.getByLabel('Email', { exact: true }), 'grace.hopper@example.com', 15);
      await glideClick(page, card.getByRole('button', { name: 'Save', exact: true }));
      await visible(page.getByText('Contact information saved.'));

      // Log the call in the Interaction notes tab (its 'New interaction' card starts open).
      await glideClick(page, card.getByRole('tab', { name: 'Interaction notes' }));
      const notesTab = await visible(card.getByRole('tabpanel', { name: 'Interaction notes' }));
      const form = notesTab.getByRole('form', { name: 'New interaction' });
      const dateContacted = form.getByLabel('Date contacted');
      // Today in the user's zone is the field's own upper bound.
      const today = await dateContacted.getAttribute('max');
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await glideClick(page, dateContacted);
      await dateContacted.fill(today!);
      await glideClick(page, form.getByLabel('Contact method'));
      await form.getByLabel('Contact method').selectOption('Virtual call');
      await typeSlowly(
        page,
        form.getByLabel('Notes'),
        'Talked about the platform team; she offered to refer me once the role opens.',
        12,
      );
      await glideClick(page, form.getByRole('button', { name: 'Save' }));
      await visible(page.getByText('Interaction saved.'));
      await pause(600);

      // Draft the follow-up.
      await glideClick(page, card.getByRole('tab', { name: 'Follow-up message' }));
      const panel = await visible(card.getByRole('tabpanel', { name: 'Follow-up message' }));
      await glideClick(page, panel.getByRole('combobox', { name: 'Purpose' }));
      await panel.getByRole('combobox', { name: 'Purpose' }).selectOption({ label: 'Ask for a referral' });
      await glideClick(page, panel.getByRole('button', { name: 'Generate', exact: true }));
      await visible(page.getByText('Your follow-up message is ready!'));
      const editor = panel.getByRole('textbox', { name: 'Follow-up message' });
      expect(await editor.inputValue()).toContain('Grace');
      await glideClick(page, panel.getByRole('button', { name: /Virtual call/ }));
      await visible(panel.getByText('Talked about the platform team', { exact: false }));
      await pause(1500);

      if (!stop) return;
      const frames = await stop();
      expect(frames.length).toBeGreaterThan(20);
      // The poster: the contact card from its name down to the draft and its Copy and email
      // buttons, without the drawn pointer, on the app's background. Not the panel below the
      // buttons: it says which writer made the draft, here the built-in template, since the film is
      // made without an AI key, and a marketing page's poster read as an advert for "no AI model"
      // (issue 27 point 16; the film itself shows the whole panel). The poster's lower band stays
      // empty for the play button, which covered the draft's text.
      await hidePointer(page);
      await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 10_000 }).toBe(0);
      await panel.evaluate((node) => node.scrollTo(0, 0));
      const cardBox = (await card.boundingBox())!;
      const buttonsBox = (await panel.getByRole('button', { name: 'Copy text' }).boundingBox())!;
      const still = await page.screenshot({
        type: 'png',
        animations: 'disabled',
        caret: 'hide',
        clip: {
          x: cardBox.x,
          y: cardBox.y,
          width: cardBox.width,
          height: buttonsBox.y + buttonsBox.height + 20 - cardBox.y,
        },
      });
      const encoder = await launchBrowser();
      try {
        const video = await encodeWebm(encoder, frames, {
          width: 1280,
          height: 800,
          bitrate: 200_000,
          holdLast: 1.5,
          maxStill: 1.5,
        });
        expect(video.length).toBeLessThan(MAX_VIDEO_BYTES);
        writeFileSync(join(PUBLIC_DIR, 'demo.webm'), video);
        writeFileSync(join(PUBLIC_DIR, 'demo-poster.webp'), await posterOf(still));
        console.log(
          `[demo video] ${frames.length} frames filmed in ${frames.at(-1)!.at.toFixed(1)} s, ` +
            `${(statSync(join(PUBLIC_DIR, 'demo.webm')).size / 1024).toFixed(0)} KiB`,
        );
      } finally {
        await encoder.close();
      }
    },
    RECORD_TIMEOUT_MS,
  );
});
