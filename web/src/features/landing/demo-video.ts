/** The demo video and its poster (web/public; recorded by `npm run demo-video`), shared by the landing and demo pages. */
export const DEMO_VIDEO = {
  src: '/demo.webm',
  poster: '/demo-poster.webp',
  width: 1280,
  height: 800,
  label: 'Demo of Tend: signing up, adding a contact and drafting a follow-up message',
  /** The heading and the line under it, on the landing page's demo section and on the demo page. */
  title: 'See Tend in action',
  summary: 'Sign up, add a contact, log a call and draft the follow-up, in thirty seconds of the real app.',
} as const;
