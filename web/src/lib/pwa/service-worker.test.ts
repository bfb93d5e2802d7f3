import {
  SERVICE_WORKER_UPDATE_CHECK_MS,
  UPDATE_AVAILABLE_PROMPT_MS,
  UPDATE_STATUS_MESSAGE_MS,
} from '@uniquair/domain/config/timings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleOutput } from '../../testing/console-guard.ts';
import {
  acceptUpdate,
  checkForUpdate,
  onPushMessage,
  registerServiceWorker,
  resetServiceWorkerState,
  SERVICE_WORKER_URL,
  updateSnapshot,
} from './service-worker.ts';
import { PUSH_MESSAGE, SKIP_WAITING } from './worker-messages.ts';

/** A worker whose state the test moves along. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  unregistered = false;
  onUpdate: () => Promise<void> = () => Promise.resolve();
  update() {
    return this.onUpdate();
  }
  unregister() {
    this.unregistered = true;
    return Promise.resolve(true);
  }
  /** The server has a new worker: it starts installing. */
  startInstalling(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

class FakeContainer extends EventTarget {
  controller: object | null = {};
  readonly registration = new FakeRegistration();
  registerError: Error | null = null;
  readonly registered: string[] = [];
  register(url: string) {
    this.registered.push(url);
    return this.registerError
      ? Promise.reject(this.registerError)
      : Promise.resolve(this.registration);
  }
  getRegistrations() {
    return Promise.resolve([this.registration]);
  }
}

const asContainer = (fake: FakeContainer) => fake as unknown as ServiceWorkerContainer;

describe('the service worker registration and updates', () => {
  beforeEach(() => {
    resetServiceWorkerState();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetServiceWorkerState();
  });

  it('registers /service-worker.js and is idle with nothing new', async () => {
    const container = new FakeContainer();
    await registerServiceWorker(asContainer(container));
    expect(container.registered).toEqual([SERVICE_WORKER_URL]);
    expect(updateSnapshot().state).toBe('idle');
  });

  it('warns and unregisters when the worker file is missing or not JavaScript', async () => {
    const calls = allowConsoleOutput();
    const container = new FakeContainer();
    container.registerError = new DOMException(
      "The script has an unsupported MIME type ('text/html').",
      'SecurityError',
    );
    await registerServiceWorker(asContainer(container));
    expect(container.registration.unregistered).toBe(true);
    expect(updateSnapshot().state).toBe('unavailable');
    expect(
      calls.some((call) => call.level === 'warn' && call.message.includes(SERVICE_WORKER_URL)),
    ).toBe(true);
  });

  it('warns and unregisters when an update check finds the worker file gone', async () => {
    const calls = allowConsoleOutput();
    const container = new FakeContainer();
    await registerServiceWorker(asContainer(container));
    container.registration.onUpdate = () =>
      Promise.reject(new TypeError('A bad HTTP response code (404) was received.'));
    await checkForUpdate(asContainer(container));
    expect(container.registration.unregistered).toBe(true);
    expect(updateSnapshot().state).toBe('unavailable');
    expect(calls.filter((call) => call.level === 'warn')).toHaveLength(1);
  });

  it('says "latest" for 5 s after a check that finds nothing', async () => {
    const container = new FakeContainer();
    await registerServiceWorker(asContainer(container));
    await checkForUpdate(asContainer(container));
    expect(updateSnapshot()).toMatchObject({ state: 'latest', message: 'latest' });
    vi.advanceTimersByTime(UPDATE_STATUS_MESSAGE_MS - 1);
    expect(updateSnapshot().message).toBe('latest');
    vi.advanceTimersByTime(1);
    expect(updateSnapshot()).toMatchObject({ state: 'idle', message: null });
  });

  it('checks every hour, downloads, then prompts for 900000 ms', async () => {
    const container = new FakeContainer();
    await registerServiceWorker(asContainer(container));
    let checks = 0;
    let worker: FakeWorker | undefined;
    container.registration.onUpdate = () => {
      checks += 1;
      worker = container.registration.startInstalling();
      return Promise.resolve();
    };
    await vi.advanceTimersByTimeAsync(SERVICE_WORKER_UPDATE_CHECK_MS);
    expect(checks).toBe(1);
    expect(updateSnapshot()).toMatchObject({ state: 'downloading', message: 'downloading' });
    await vi.advanceTimersByTimeAsync(UPDATE_STATUS_MESSAGE_MS);
    expect(updateSnapshot()).toMatchObject({ state: 'downloading', message: null });

    container.registration.waiting = worker ?? null;
    container.registration.installing = null;
    worker?.moveTo('installed');
    expect(updateSnapshot()).toMatchObject({ state: 'available', promptVisible: true });
    vi.advanceTimersByTime(UPDATE_AVAILABLE_PROMPT_MS - 1);
    expect(updateSnapshot().promptVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(updateSnapshot()).toMatchObject({ state: 'available', promptVisible: false });
  });

  it('accepting tells the waiting worker to take over and reloads once it does', async () => {
    const container = new FakeContainer();
    const reload = vi.fn();
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    container.registration.waiting = waiting;
    await registerServiceWorker(asContainer(container), reload);
    expect(updateSnapshot().state).toBe('available');
    acceptUpdate();
    expect(waiting.messages).toEqual([{ type: SKIP_WAITING }]);
    expect(updateSnapshot().state).toBe('updating');
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first worker takes control of a fresh page', async () => {
    const container = new FakeContainer();
    container.controller = null;
    const reload = vi.fn();
    await registerServiceWorker(asContainer(container), reload);
    container.registration.startInstalling();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    expect(updateSnapshot().state).toBe('idle');
  });

  it('passes the push messages of the worker on, and ignores anything else', async () => {
    const container = new FakeContainer();
    await registerServiceWorker(asContainer(container));
    const received: unknown[] = [];
    onPushMessage((message) => received.push(message));
    const message = {
      type: 'booking.status',
      data: { pnr: 'ABC1234' },
      notification: { title: 'Booking ABC1234', options: { body: 'Paid' } },
    };
    container.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_MESSAGE, message } }));
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'other', message } }));
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: PUSH_MESSAGE, message: { type: 'x' } } }),
    );
    expect(received).toEqual([message]);
  });
});
