import type { DeliveryState, DeliveryStatus } from '../models/inquiry.model';
import { inquiryRepository } from '../models/inquiry.repository';

/** One e-mail an inquiry still owes, or one the outbox gave up on: what an operator needs, no visitor data. */
export interface OwedDelivery {
  inquiryId: string;
  receivedAt: Date;
  message: 'staff e-mail' | 'CRM copy';
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError?: string;
}

const KINDS = [
  ['notification', 'staff e-mail'],
  ['crmNotification', 'CRM copy'],
] as const;

/** Every pending and failed delivery, oldest inquiry first (the outbox's index answers it). */
export async function owedDeliveries(): Promise<OwedDelivery[]> {
  const owed: OwedDelivery[] = [];
  for (const [kind, message] of KINDS) {
    const records = await inquiryRepository.owing(kind);
    for (const record of records) {
      const state = record[kind] as DeliveryState;
      owed.push({
        inquiryId: record.id,
        receivedAt: record.createdAt,
        message,
        status: state.status,
        attempts: state.attempts,
        nextAttemptAt: state.nextAttemptAt,
        ...(state.lastError ? { lastError: state.lastError } : {}),
      });
    }
  }
  return owed.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
}

/** How many deliveries are waiting and how many were given up: for /readyz and monitoring. */
export async function deliveryCounts(): Promise<{ pending: number; failed: number }> {
  const counts = { pending: 0, failed: 0 };
  for (const [kind] of KINDS) {
    counts.pending += await inquiryRepository.countDeliveries(kind, 'pending');
    counts.failed += await inquiryRepository.countDeliveries(kind, 'failed');
  }
  return counts;
}
