/** Resolves with `work`, or rejects with `message` once `ms` have passed (the timer is always cleared). */
export async function within<T>(ms: number, work: Promise<T>, message = `no answer within ${ms} ms`): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
