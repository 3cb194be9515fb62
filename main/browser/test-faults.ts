/**
 * The fault switch of test builds (server/testing/faults.ts), read by the browser host only: the Electron
 * host, which is what the packaged app runs, never reads these variables, so the packaged app cannot turn
 * it on. CONSOLE_TEST_FAULTS=1 turns it on; CONSOLE_TEST_EVALUATION_SECONDS (1–60) then shortens the
 * alert evaluation interval, and CONSOLE_TEST_NOW (an ISO instant) starts the server's clock there.
 * Anything else: off, and nothing is passed to the server.
 */
export function testFaultsFromEnv(env: Readonly<Record<string, string | undefined>>): {
  testFaults?: { evaluationIntervalMs?: number; startAt?: number };
} {
  if (env.CONSOLE_TEST_FAULTS !== '1') return {};
  const seconds = Number(env.CONSOLE_TEST_EVALUATION_SECONDS);
  const interval = Number.isInteger(seconds) && seconds >= 1 && seconds <= 60 ? seconds * 1000 : undefined;
  const startAt = env.CONSOLE_TEST_NOW ? Date.parse(env.CONSOLE_TEST_NOW) : Number.NaN;
  return {
    testFaults: {
      ...(interval ? { evaluationIntervalMs: interval } : {}),
      ...(Number.isFinite(startAt) ? { startAt } : {}),
    },
  };
}
