/**
 * The fault switch of test builds (server/testing/faults.ts), read by the browser host only: the Electron
 * host, which is what the packaged app runs, never reads these variables, so the packaged app cannot turn
 * it on. CONSOLE_TEST_FAULTS=1 turns it on; CONSOLE_TEST_EVALUATION_SECONDS (1–60) then shortens the
 * alert evaluation interval. Anything else: off, and nothing is passed to the server.
 */
export function testFaultsFromEnv(env: Readonly<Record<string, string | undefined>>): {
  testFaults?: { evaluationIntervalMs?: number };
} {
  if (env.CONSOLE_TEST_FAULTS !== '1') return {};
  const seconds = Number(env.CONSOLE_TEST_EVALUATION_SECONDS);
  const interval = Number.isInteger(seconds) && seconds >= 1 && seconds <= 60 ? seconds * 1000 : undefined;
  return { testFaults: interval ? { evaluationIntervalMs: interval } : {} };
}
