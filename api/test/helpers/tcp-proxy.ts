import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server, for cutting a connection the way a dropped NAT entry or a
 * firewall does: `blackhole()` keeps both sockets open and silently stops passing bytes.
 */
export class TcpProxy {
  private readonly server: Server;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private silent = false;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      const pair = { client, upstream };
      this.pairs.add(pair);
      client.on('data', (chunk: Buffer) => {
        if (!this.silent) upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (!this.silent) client.write(chunk);
      });
      const close = () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('close', close);
      upstream.on('close', close);
      client.on('error', close);
      upstream.on('error', close);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Connections made so far that are still open. */
  get open(): number {
    return this.pairs.size;
  }

  /** Stops passing bytes on every open connection, without closing any. */
  blackhole(): void {
    this.silent = true;
  }

  /** Passes bytes again (for connections made from now on; held ones stay stuck). */
  restore(): void {
    this.silent = false;
  }

  async stop(): Promise<void> {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
