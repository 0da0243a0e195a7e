import { owedDeliveries } from '../services/inquiry-deliveries.service';
import { runOperatorCommand } from '../src/cli/operator-command.server';

// npm run inquiries:status: every e-mail the outbox still owes (pending) or gave up on (failed), one
// line each, oldest first; no visitor data, the inquiry id finds the rest. Exit code 2 when any
// delivery failed, so a cron job or a monitor can alert on it.

runOperatorCommand('inquiries:status', async ({ database }) => {
  await database();
  const owed = await owedDeliveries();
  const failed = owed.filter((delivery) => delivery.status === 'failed').length;
  process.stdout.write(`${owed.length - failed} pending, ${failed} failed\n`);
  for (const delivery of owed) {
    const next = delivery.status === 'pending' ? ` next attempt ${delivery.nextAttemptAt.toISOString()}` : '';
    const error = delivery.lastError ? ` last error: ${delivery.lastError}` : '';
    process.stdout.write(
      `${delivery.status.padEnd(7)} ${delivery.message.padEnd(12)} inquiry ${delivery.inquiryId} received ${delivery.receivedAt.toISOString()} attempts ${delivery.attempts}${next}${error}\n`,
    );
  }
  return failed > 0 ? 2 : 0;
});
