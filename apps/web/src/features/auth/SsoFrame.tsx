import { appUrl } from '../../platform/base-path';
import { useT } from '../../platform/i18n/I18nProvider';
import { signInMessages } from './sign-in-messages';
import { ssoFrameUrl } from './sso-frame-url';

/** The portal's sign-on page in a frame; it returns to /ingress with the portal's token. */
export function SsoFrame({ ssoWeb, redirectToken }: { ssoWeb: string; redirectToken: string }) {
  const t = useT(signInMessages);
  return (
    <iframe
      className="lis-sso-frame"
      title={t('ssoFrameTitle')}
      src={ssoFrameUrl(ssoWeb, appUrl('ingress'), redirectToken)}
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
