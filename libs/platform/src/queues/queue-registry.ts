import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueBackend } from './queue-backend.js';
import { QUEUE_NAMES, type QueueName } from './queue-names.js';

/** Producer side: one BullMQ Queue per name, opened on first use, closed on shutdown. */
@Injectable()
export class QueueRegistry implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(QueueBackend) readonly backend: QueueBackend) {}

  get(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = this.backend.createQueue(name);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Health: the backend answers within the timeout. */
  async ping(timeoutMs = 2_000): Promise<boolean> {
    const probe = this.get(QUEUE_NAMES[0]);
    const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
    const answer = probe
      .getJobCounts('waiting')
      .then(() => true)
      .catch(() => false);
    return Promise.race([answer, timeout]);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    await this.backend.close('producer');
  }
}
