import { IngressScreen } from '../features/auth';

/** /ingress?token=…&redirect=… (the portal's hand-over). */
export function IngressPage() {
  return <IngressScreen />;
}
