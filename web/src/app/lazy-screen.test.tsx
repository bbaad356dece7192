import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, moduleLoader } from './lazy-screen';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('moduleLoader', () => {
  it('loads once, shares the promise, and tells synchronously once the modules are in', async () => {
    const load = vi.fn(() => Promise.resolve({ Greeting }));
    const loader = moduleLoader(load);
    expect(loader.loaded).toBeUndefined();
    const first = loader();
    expect(loader()).toBe(first);
    await first;
    expect(loader.loaded).toEqual({ Greeting });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ Greeting });
    const loader = moduleLoader(load);
    await expect(loader()).rejects.toThrow('offline');
    expect(loader.loaded).toBeUndefined();
    await expect(loader()).resolves.toEqual({ Greeting });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyScreen', () => {
  it('renders preloaded code in the first commit, never showing the Suspense fallback', async () => {
    const loader = moduleLoader(() => Promise.resolve({ Greeting }));
    await loader();
    const Screen = lazyScreen(loader, (modules) => modules.Greeting);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen name="Ada" />
      </Suspense>,
    );
    // Synchronously after the first render: no spinner, no second commit.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends to the nearest boundary while the code is on its way, then renders it', async () => {
    let arrive: (modules: { Greeting: typeof Greeting }) => void = () => undefined;
    const loader = moduleLoader(() => new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve)));
    const Screen = lazyScreen(loader, (modules) => modules.Greeting);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    arrive({ Greeting });
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
  });
});
