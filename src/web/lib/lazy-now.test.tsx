import { Component as ReactComponent, Suspense, lazy, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyNow } from './lazy-now';

/*
 * lazyNow (docs/decisions/064): a component from a chunk of its own that shows the moment its code
 * has loaded. The order page and its payment form use it so that code which arrived before the
 * entry chunk is not held back by React's Suspense fallback throttle.
 */

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module load the test settles by hand. */
function deferredLoad<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return promise;
    },
    resolve,
    reject,
    calls: () => calls,
  };
}

class Boundary extends ReactComponent<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String((this.state.error as Error).message)}</p> : this.props.children;
  }
}

describe('lazyNow', () => {
  it('renders the fallback until the code has loaded, then the component with its props', async () => {
    const module = deferredLoad<typeof Greeting>();
    const Lazy = lazyNow(module.load);
    render(<Lazy.Component name="Ama" fallback={<p>Loading…</p>} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => module.resolve(Greeting));
    expect(screen.getByText('Hello Ama')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('renders a module that has already loaded at the first render, with no fallback, where React.lazy suspends', async () => {
    const Lazy = lazyNow(() => Promise.resolve(Greeting));
    await Lazy.preload();
    render(<Lazy.Component name="Kofi" fallback={<p>Loading…</p>} />);
    // Synchronously: nothing to wait for, so no fallback (and no fallback throttle) at all.
    expect(screen.getByText('Hello Kofi')).toBeTruthy();

    // What it replaces: React.lazy suspends at its first render even when its promise has settled.
    const loaded = Promise.resolve({ default: Greeting });
    await loaded;
    const ReactLazy = lazy(() => loaded);
    render(
      <Suspense fallback={<p>Suspended…</p>}>
        <ReactLazy name="Esi" />
      </Suspense>,
    );
    expect(screen.getByText('Suspended…')).toBeTruthy();
    expect(await screen.findByText('Hello Esi')).toBeTruthy();
  });

  it('asks for the code once however many render it', async () => {
    const module = deferredLoad<typeof Greeting>();
    const Lazy = lazyNow(module.load);
    void Lazy.preload();
    render(
      <>
        <Lazy.Component name="A" fallback={null} />
        <Lazy.Component name="B" fallback={null} />
      </>,
    );
    await act(async () => module.resolve(Greeting));
    expect(screen.getByText('Hello A')).toBeTruthy();
    expect(screen.getByText('Hello B')).toBeTruthy();
    expect(module.calls()).toBe(1);
  });

  it('throws a failed download to the error boundary, and the next mount asks again', async () => {
    const first = deferredLoad<typeof Greeting>();
    let attempt = 0;
    const Lazy = lazyNow(() => {
      attempt += 1;
      return attempt === 1 ? first.load() : Promise.resolve(Greeting);
    });
    const caught: unknown[] = [];
    const view = render(
      <Boundary>
        <Lazy.Component name="Yaw" fallback={<p>Loading…</p>} />
      </Boundary>,
      // React reports an error a boundary caught; the route's error element shows it to the person.
      { onCaughtError: (error) => caught.push(error) },
    );
    await act(async () => first.reject(new Error('Failed to fetch dynamically imported module')));
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch dynamically imported module');
    expect(caught).toHaveLength(1);
    view.unmount();

    render(<Lazy.Component name="Yaw" fallback={<p>Loading…</p>} />);
    expect(await screen.findByText('Hello Yaw')).toBeTruthy();
    expect(attempt).toBe(2);
  });
});
