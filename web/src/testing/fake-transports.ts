/**
 * Stand-ins for the browser's `EventSource` and `WebSocket` in unit tests: each instance is
 * recorded, and the test plays the server (`emit`, `fail`, `open`, `closeFromServer`).
 */

export class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.closed = true;
    this.readyState = this.CLOSED;
  }

  /** The server sends an event named `progress`. */
  emit(data: unknown): void {
    this.readyState = this.OPEN;
    this.dispatchEvent(
      new MessageEvent('progress', {
        data: typeof data === 'string' ? data : JSON.stringify(data),
      }),
    );
  }

  /** The connection fails (a refused request, or a broken stream). */
  fail(): void {
    this.dispatchEvent(new Event('error'));
  }
}

export class FakeWebSocket extends EventTarget {
  static instances: FakeWebSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }

  open(): void {
    this.readyState = this.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  message(data: unknown): void {
    if (this.readyState === this.CONNECTING) this.open();
    this.dispatchEvent(
      new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }

  close(code = 1000): void {
    if (this.readyState === this.CONNECTING) throw new Error('closed while connecting');
    this.closedWith = code;
    this.readyState = this.CLOSED;
  }

  /** The server (or the network) closes the socket. */
  closeFromServer(code = 1006): void {
    this.readyState = this.CLOSED;
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
}

export function resetFakeTransports(): void {
  FakeEventSource.instances = [];
  FakeWebSocket.instances = [];
}

export const fakeTransports = {
  EventSource: FakeEventSource as unknown as typeof EventSource,
  WebSocket: FakeWebSocket as unknown as typeof WebSocket,
  location: { protocol: 'http:', host: 'app.test' },
};
