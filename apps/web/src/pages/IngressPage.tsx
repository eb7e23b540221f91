import { IngressScreen } from '../features/auth/IngressScreen';

/** /ingress?token=…&redirect=… (the portal's hand-over). */
export function IngressPage() {
  return <IngressScreen />;
}
