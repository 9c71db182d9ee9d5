/** How a fake provider delivers a notification (tests/support/fake*.ts): `times` times, one after another or all at once, as providers retry. */
export interface Delivery { times?: number; concurrent?: boolean }

/** Runs `once` as a delivery says; answers every HTTP answer, in order. */
export async function deliver(once: () => Promise<{ status: number; body: string }>, how: Delivery) {
  const times = how.times ?? 1;
  if (how.concurrent) return Promise.all(Array.from({ length: times }, once));
  const answers = [];
  for (let i = 0; i < times; i += 1) answers.push(await once());
  return answers;
}
