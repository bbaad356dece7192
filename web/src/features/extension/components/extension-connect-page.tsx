import { EXTENSION_TOKEN_ABILITIES, EXTENSION_TOKEN_LIMITS, isExtensionId } from '@tend/contracts';
import { Check, CircleCheck, Puzzle, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { EmailAddress } from '@/components/ui/email-address';
import { Button, buttonClassName } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { readErrorMessage } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';
import { revokeUndeliveredToken, useConnectExtension } from '../api/connect-extension';
import { EXTENSION_MESSAGES } from '../messages';
import { canMessageExtensions, sendTokenToExtension } from '../utils/extension-messaging';
import '../extension.css';

type Step = { kind: 'ready' } | { kind: 'connected' } | { kind: 'failed'; message: string };

/**
 * `/extension/connect?extension_id=<id>` (PRODUCT.md §1), opened by the extension's 'Connect to
 * Tend': says what the extension will and will not be able to do; 'Connect' issues a token and
 * hands it to that extension (`chrome.runtime.sendMessage`, which Chrome allows from this origin
 * only). The id must look like a Chrome extension id, else the page explains how to get here.
 */
export function ExtensionConnectPage() {
  const [params] = useSearchParams();
  const extensionId = params.get('extension_id');
  const valid = isExtensionId(extensionId);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const connect = useConnectExtension();
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const [sending, setSending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Each outcome moves focus to its heading, so it is read out and the next action is one Tab away.
  useEffect(() => {
    if (step.kind !== 'ready') headingRef.current?.focus();
  }, [step.kind]);

  const approve = () => {
    if (!valid || connect.isPending || sending) return;
    // Checked before a token is made: a browser without the extension gets the reason, not a token.
    if (!canMessageExtensions()) {
      setStep({ kind: 'failed', message: EXTENSION_MESSAGES.notInstalled });
      return;
    }
    connect.mutate(extensionId, {
      onSuccess: ({ token, extension }) => {
        setSending(true);
        void sendTokenToExtension(extensionId, token).then(async (reply) => {
          if (!reply.ok) await revokeUndeliveredToken(extension.id).catch(() => undefined);
          setSending(false);
          setStep(reply.ok ? { kind: 'connected' } : { kind: 'failed', message: reply.error });
        });
      },
      onError: (error) =>
        setStep({ kind: 'failed', message: readErrorMessage(error, EXTENSION_MESSAGES.connectFailed) }),
    });
  };

  let body;
  if (!valid) {
    body = (
      <>
        <h1 className="extension-card__title">Open this page from the extension</h1>
        <Alert title={EXTENSION_MESSAGES.invalidLink}>
          <p>
            Click the Tend button in Chrome’s toolbar, then <strong>Connect to Tend</strong>. It opens this page with
            what it needs to connect.
          </p>
        </Alert>
        <div className="extension-card__actions">
          <Link to={ROUTES.extension} className={buttonClassName({ variant: 'secondary' })}>
            How to install the extension
          </Link>
          <Link to={ROUTES.board} className={buttonClassName({ variant: 'primary' })}>
            Back to Board
          </Link>
        </div>
      </>
    );
  } else if (step.kind === 'connected') {
    body = (
      <>
        <CircleCheck size={40} aria-hidden="true" className="extension-card__success-icon" />
        <h1 className="extension-card__title" ref={headingRef} tabIndex={-1}>
          The extension is connected
        </h1>
        <p className="extension-card__lead">
          Open a LinkedIn profile and click the Tend button in Chrome’s toolbar to save it to your board. You can close
          this tab.
        </p>
        <p className="muted">Disconnect it any time in Settings.</p>
        <div className="extension-card__actions">
          <Link to={ROUTES.settings} className={buttonClassName({ variant: 'secondary' })}>
            Settings
          </Link>
          <Link to={ROUTES.board} className={buttonClassName({ variant: 'primary' })}>
            Open your board
          </Link>
        </div>
      </>
    );
  } else {
    const pending = connect.isPending || sending;
    body = (
      <>
        <Puzzle size={36} aria-hidden="true" className="extension-card__icon" />
        <h1 className="extension-card__title" ref={headingRef} tabIndex={-1}>
          Connect the Tend extension
        </h1>
        <p className="extension-card__lead">
          {/* EmailAddress keeps the address whole: it broke at its hyphen (issue 27 point 14). */}
          The extension will save LinkedIn profiles to the board of{' '}
          <EmailAddress address={user.email} after="." strong />
        </p>
        {step.kind === 'failed' ? (
          <Alert title={EXTENSION_MESSAGES.connectFailed}>
            <p>{step.message}</p>
          </Alert>
        ) : null}
        <div className="extension-scopes">
          <div>
            <h2 className="extension-scopes__title">It will be able to</h2>
            <ul className="extension-scopes__list">
              {EXTENSION_TOKEN_ABILITIES.map((ability) => (
                <li key={ability}>
                  <Check size={16} aria-hidden="true" className="extension-scopes__yes" />
                  {ability}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="extension-scopes__title">It will never</h2>
            <ul className="extension-scopes__list">
              {EXTENSION_TOKEN_LIMITS.map((limit) => (
                <li key={limit}>
                  <X size={16} aria-hidden="true" className="extension-scopes__no" />
                  {limit}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="muted extension-card__note">
          It reads a LinkedIn page only when you click its button, and only the page you are on.
        </p>
        <div className="extension-card__actions">
          <Button variant="secondary" onClick={() => void navigate(ROUTES.board)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={approve} loading={pending}>
            {step.kind === 'failed' ? 'Try again' : 'Connect'}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="page page--narrow">
      <PageTitle>Connect the extension</PageTitle>
      <section className="panel extension-card" aria-live="polite">
        {body}
      </section>
    </div>
  );
}
