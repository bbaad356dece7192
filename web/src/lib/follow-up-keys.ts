/** `GET /api/today`: the Today page's lists. Every change to who is due invalidates it (`follow-ups.ts`). */
export const todayKeys = {
  all: ['today'] as const,
};
