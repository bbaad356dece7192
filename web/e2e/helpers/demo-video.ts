// Records the landing page's demo video from a browser journey: Chromium's screencast (the frames it
// paints, with their times) encoded to VP9 WebM by Chromium's own WebCodecs and muxed by webm-muxer
// in a blank page. No ffmpeg (playwright's recordVideo needs its own download) and no real-time
// replay: each frame keeps its timestamp, and the file carries its duration, so it seeks.
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from 'playwright-core';

// The package's UMD build (its `require` entry) defines `window.WebMMuxer` when loaded in a page.
const muxerSource = createRequire(import.meta.url).resolve('webm-muxer');

const ENCODER_PAGE = 'http://localhost/demo-video-encoder';
/** Frames handed to the encoding page per call. */
const ENCODE_BATCH = 40;

export interface ScreencastFrame {
  /** JPEG, base64. */
  jpeg: string;
  /** Seconds since the screencast started. */
  at: number;
}

/** Starts Chromium's screencast of `page`; the returned function stops it and hands back the frames. */
export async function startScreencast(page: Page): Promise<() => Promise<ScreencastFrame[]>> {
  const cdp = await page.context().newCDPSession(page);
  const frames: ScreencastFrame[] = [];
  let start: number | undefined;
  cdp.on('Page.screencastFrame', (event) => {
    const at = event.metadata.timestamp ?? Date.now() / 1000;
    start ??= at;
    frames.push({ jpeg: event.data, at: at - start });
    void cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
  });
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 85,
    maxWidth: viewport.width,
    maxHeight: viewport.height,
  });
  return async () => {
    await cdp.send('Page.stopScreencast');
    await cdp.detach();
    return frames;
  };
}

export interface EncodeOptions {
  width: number;
  height: number;
  /** Bits per second (VP9). */
  bitrate: number;
  /** How long the last frame stays on screen, seconds. */
  holdLast: number;
  /** No picture stays still longer than this, seconds. */
  maxStill: number;
}

/**
 * The screencast's frames in time order, one per timestamp (the later of two that share one): the
 * screencast sometimes hands over frames out of order or with equal times, which the encoder takes
 * but the decoder then shows as black.
 */
export function inTimeOrder(frames: readonly ScreencastFrame[]): ScreencastFrame[] {
  const ordered: ScreencastFrame[] = [];
  for (const frame of [...frames].sort((a, b) => a.at - b.at)) {
    const previous = ordered.at(-1);
    if (previous && frame.at - previous.at < 0.001) ordered[ordered.length - 1] = frame;
    else ordered.push(frame);
  }
  return ordered;
}

/** Shortens every still stretch (the app waiting on the server, say) to at most `maxGap` seconds. */
export function withoutLongStills(frames: readonly ScreencastFrame[], maxGap: number): ScreencastFrame[] {
  let cut = 0;
  return frames.map((frame, index) => {
    const gap = index === 0 ? 0 : frame.at - frames[index - 1]!.at;
    if (gap > maxGap) cut += gap - maxGap;
    return { ...frame, at: frame.at - cut };
  });
}

/** Encodes the frames to a VP9 WebM (no sound) in a blank page of `browser`. */
export async function encodeWebm(
  browser: Browser,
  screencast: readonly ScreencastFrame[],
  options: EncodeOptions,
): Promise<Buffer> {
  const frames = withoutLongStills(inTimeOrder(screencast), options.maxStill);
  const context = await browser.newContext();
  try {
    // WebCodecs needs a secure context: a blank page at http://localhost (answered here, no server).
    await context.route(ENCODER_PAGE, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>encoder</title>' }),
    );
    const page = await context.newPage();
    await page.goto(ENCODER_PAGE);
    await page.addScriptTag({ path: muxerSource });
    // The encoder lives in the page; frames go over in batches (all at once can exhaust the page).
    await page.evaluate(
      ({ width, height, bitrate }) => {
        type Muxer = { addVideoChunk: (chunk: EncodedVideoChunk, meta?: EncodedVideoChunkMetadata) => void };
        const { Muxer, ArrayBufferTarget } = (
          window as unknown as {
            WebMMuxer: { Muxer: new (options: object) => Muxer; ArrayBufferTarget: new () => object };
          }
        ).WebMMuxer;
        const muxer = new Muxer({
          target: new ArrayBufferTarget(),
          video: { codec: 'V_VP9', width, height, frameRate: 30 },
          firstTimestampBehavior: 'offset',
        });
        const state = { muxer, failure: undefined as Error | undefined, lastKey: -Infinity, encoder: null as unknown };
        const encoder = new VideoEncoder({
          output: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
          error: (error) => (state.failure = error as Error),
        });
        encoder.configure({ codec: 'vp09.00.10.08', width, height, bitrate, framerate: 30 });
        state.encoder = encoder;
        (window as unknown as { demoEncoder: typeof state }).demoEncoder = state;
      },
      { width: options.width, height: options.height, bitrate: options.bitrate },
    );
    const last = frames.at(-1)!;
    const timeline = [...frames, { ...last, at: last.at + options.holdLast }];
    for (let start = 0; start < timeline.length; start += ENCODE_BATCH) {
      await page.evaluate(
        async ({ batch, width, height }) => {
          const state = (
            window as unknown as {
              demoEncoder: { encoder: VideoEncoder; lastKey: number; failure: Error | undefined };
            }
          ).demoEncoder;
          for (const frame of batch) {
            const blob = await (await fetch(`data:image/jpeg;base64,${frame.jpeg}`)).blob();
            // Straight from the decoded picture: a frame made from a canvas kept showing the first one.
            const bitmap = await createImageBitmap(blob, { resizeWidth: width, resizeHeight: height });
            const videoFrame = new VideoFrame(bitmap, { timestamp: Math.round(frame.at * 1_000_000) });
            bitmap.close();
            // A key frame every 3 s, so the player can seek.
            const keyFrame = frame.at - state.lastKey >= 3;
            if (keyFrame) state.lastKey = frame.at;
            state.encoder.encode(videoFrame, { keyFrame });
            videoFrame.close();
            while (state.encoder.encodeQueueSize > 8) await new Promise((resolve) => setTimeout(resolve, 5));
          }
          if (state.failure) throw state.failure;
        },
        { batch: timeline.slice(start, start + ENCODE_BATCH), width: options.width, height: options.height },
      );
    }
    const base64 = await page.evaluate(async () => {
      const state = (
        window as unknown as {
          demoEncoder: {
            encoder: VideoEncoder;
            failure: Error | undefined;
            muxer: { finalize: () => void; target: { buffer: ArrayBuffer } };
          };
        }
      ).demoEncoder;
      await state.encoder.flush();
      if (state.failure) throw state.failure;
      state.muxer.finalize();
      const bytes = new Uint8Array(state.muxer.target.buffer);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    });
    return Buffer.from(base64, 'base64');
  } finally {
    await context.close();
  }
}

/**
 * A pointer drawn into the page (a screencast shows no mouse), following the mouse the journey
 * moves. Added before any page script runs, in every page of the context.
 */
export async function showPointer(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const draw = () => {
      const pointer = document.createElement('div');
      pointer.id = 'demo-pointer';
      pointer.setAttribute('aria-hidden', 'true');
      pointer.style.cssText =
        'position:fixed;left:0;top:0;width:18px;height:18px;margin:-9px 0 0 -9px;border-radius:50%;' +
        'background:rgba(31,95,74,.35);border:2px solid #1f5f4a;z-index:2147483647;pointer-events:none;' +
        'transform:translate(-40px,-40px);transition:width .1s,height .1s';
      document.documentElement.append(pointer);
      addEventListener(
        'mousemove',
        (event) => {
          pointer.style.transform = `translate(${event.clientX}px, ${event.clientY}px)`;
        },
        true,
      );
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', draw);
    else draw();
  });
}

/** Takes the drawn pointer away (for a still of the page). */
export async function hidePointer(page: Page): Promise<void> {
  await page.evaluate(() => document.getElementById('demo-pointer')?.remove());
}

/** Moves the mouse to the middle of `target` in small steps (so the video shows the way), then clicks. */
export async function glideClick(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('glideClick: the target is not visible.');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  await target.click();
}

/** Types like a person (one key at a time), so the video shows the text appear. */
export async function typeSlowly(page: Page, target: Locator, text: string, delay = 35): Promise<void> {
  await glideClick(page, target);
  await target.pressSequentially(text, { delay });
}
