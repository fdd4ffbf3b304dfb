import { pushEvents, type PushName, type PushPayload } from '../../src-shared/ipc/contract';
import type { Logger } from '../base/log';

export type PushSink = (event: PushName, payload: unknown) => void;

/** Fans push events out to every connected renderer (Electron windows, web sockets). */
export class PushFanout {
  private readonly sinks = new Set<PushSink>();

  constructor(private readonly logger: Logger) {}

  connect(sink: PushSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  push<E extends PushName>(event: E, payload: PushPayload<E>): void {
    const checked = pushEvents[event].safeParse(payload);
    if (!checked.success) {
      this.logger.error('push payload breaks the contract', { event, issue: checked.error.issues[0]?.message });
      return;
    }
    for (const sink of this.sinks) {
      try {
        sink(event, checked.data);
      } catch (error) {
        this.logger.warn('push sink failed', { event, error });
      }
    }
  }
}
