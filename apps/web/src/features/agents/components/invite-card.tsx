import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import type { Invitation } from '@jade/contracts/agent-invitations';

/** The link to show first: the one for the domain the visitor is on, else the brand's first. */
const preferredLink = (links: readonly string[]) =>
  links.find((link) => link.startsWith(`${window.location.origin}/`)) ?? links[0];

/** A QR code of the link, drawn here as SVG (no request leaves the page). */
function LinkQr({ link, label }: { link: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    void QRCode.toString(link, { type: 'svg', margin: 1, width: 160 }).then((text) => {
      if (isCurrent) setSvg(text);
    });
    return () => {
      isCurrent = false;
    };
  }, [link]);
  if (!svg) return <div className="invite-card__qr" aria-hidden="true" />;
  return (
    <img
      className="invite-card__qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={160}
      height={160}
    />
  );
}

/** One invitation code: its kind, code, sign-up link with a copy button, QR code and count. */
export function InviteCard({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const link = preferredLink(invitation.links);
  const [copied, setCopied] = useState<'code' | 'link'>();
  const copy = async (what: 'code' | 'link', text: string) => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(what);
  };
  return (
    <article className="invite-card" aria-label={t('agentJoin.invite.cardLabel', { code: invitation.code })}>
      {link && <LinkQr link={link} label={t('agentJoin.invite.qr')} />}
      <dl className="invite-card__facts">
        <div>
          <dt>{t('agentJoin.invite.kind')}</dt>
          <dd>{t(`agentJoin.kinds.${invitation.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('agentJoin.invite.code')}</dt>
          <dd>
            <code data-testid="invite-code">{invitation.code}</code>{' '}
            <button type="button" className="link-button" onClick={() => void copy('code', invitation.code)}>
              {copied === 'code' ? t('agentJoin.invite.copied') : t('agentJoin.invite.copy')}
            </button>
          </dd>
        </div>
        {link && (
          <div>
            <dt>{t('agentJoin.invite.link')}</dt>
            <dd className="invite-card__link">
              <a href={link} data-testid="invite-link">
                {link}
              </a>{' '}
              <button type="button" className="link-button" onClick={() => void copy('link', link)}>
                {copied === 'link' ? t('agentJoin.invite.copied') : t('agentJoin.invite.copy')}
              </button>
            </dd>
          </div>
        )}
        {invitation.registrations !== null && (
          <div>
            <dt>{t('agentJoin.invite.registrations')}</dt>
            <dd>{invitation.registrations}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
