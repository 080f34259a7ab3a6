import { lazy, Suspense } from 'react';
import { isAgentAccount, useSession } from '../../../lib/session';

// The prompt and its schemas are a chunk of their own, loaded only for a logged-in agent.
const ContractPrompt = lazy(() => import('./contract-prompt'));

/** Mounted once for the whole app: an agent with a contract offer waiting is asked after login. */
export function ContractPromptGate() {
  const session = useSession();
  if (!isAgentAccount(session)) return null;
  return (
    <Suspense fallback={null}>
      <ContractPrompt />
    </Suspense>
  );
}
