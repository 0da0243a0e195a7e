import { Schema } from 'mongoose';

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Where one outgoing e-mail stands in the outbox: an inquiry's staff e-mail or CRM copy, or a staff
 * invitation. A message is saved as pending; the worker sends it when nextAttemptAt has come, and
 * on failure counts the attempt and moves nextAttemptAt on (back-off). 'sent' is final and carries
 * sentAt, so a message that went out is never sent again. 'failed' is final too: the worker gave up
 * (a permanent rejection), and a person must look at it. lastError is the mail server's or the
 * worker's text only, never what a visitor typed.
 */
export interface DeliveryState {
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError?: string;
  sentAt?: Date;
  /**
   * The worker that claimed this message for sending. A claim also moves nextAttemptAt one lease
   * ahead, so no other worker picks the message up while it is being sent.
   */
  claimToken?: string;
}

/** The stored shape of a DeliveryState, embedded in each collection whose documents owe an e-mail. */
export const deliveryStateSchema = new Schema<DeliveryState>(
  {
    status: { type: String, enum: DELIVERY_STATUSES, required: true, default: 'pending' },
    attempts: { type: Number, required: true, default: 0, min: 0 },
    nextAttemptAt: { type: Date, required: true, default: () => new Date() },
    lastError: { type: String, maxlength: 500 },
    sentAt: { type: Date },
    claimToken: { type: String, maxlength: 64 },
  },
  { _id: false },
);
