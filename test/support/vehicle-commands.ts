import mongoose from 'mongoose';

/**
 * What the code under test sends to the vehicles collection while `run` runs, as the driver gets it
 * (Mongoose's debug hook, turned off again afterwards).
 */
export async function sentToVehicles<T>(run: () => Promise<T>): Promise<{ result: T; calls: Array<{ method: string; args: unknown[] }> }> {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (collection === 'vehicles') calls.push({ method, args });
  });
  try {
    return { result: await run(), calls };
  } finally {
    mongoose.set('debug', false);
  }
}

/** Every stage of an explained plan, outermost first. */
export function planStages(plan: Record<string, unknown> | undefined): Array<Record<string, unknown>> {
  if (!plan) return [];
  const inner = [plan.inputStage, ...((plan.inputStages as unknown[] | undefined) ?? [])] as Array<Record<string, unknown> | undefined>;
  return [plan, ...inner.flatMap(planStages)];
}
