import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fill, usePayI18n } from '../i18n';
import { errorText } from '../words';
import { CODE, normalPhone, PHONE, sendCode, signIn } from './api';

/**
 * Sign-in by SMS code: the mobile number (checked here before any call), "Send code" and its
 * countdown (the server's resendAfterSeconds), the 6-digit code, then the session's token.
 */
export function SignIn({ ended, onSignedIn }: { ended?: string; onSignedIn(token: string): void }) {
  const { lang, m } = usePayI18n();
  const t = m.tenant.signIn;
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [sentNote, setSentNote] = useState<string | undefined>();
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(Date.now);
  const [busy, setBusy] = useState<'code' | 'login' | undefined>();
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const codeInput = useRef<HTMLInputElement>(null);

  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (resendAt <= Date.now()) return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= resendAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [resendAt]);

  const number = normalPhone(phone);

  const askCode = async () => {
    if (busy || waitSeconds > 0) return;
    if (!PHONE.test(number)) {
      setPhoneError(t.phoneInvalid);
      return;
    }
    setPhoneError(undefined);
    setError(undefined);
    setBusy('code');
    try {
      const answer = await sendCode(number, lang);
      const started = Date.now();
      setSentTo(number);
      setSentNote(fill(t.codeSent, { minutes: Math.round(answer.expiresInSeconds / 60) }));
      setResendAt(started + answer.resendAfterSeconds * 1000);
      setNow(started);
      codeInput.current?.focus();
    } catch (failure) {
      setError(errorText(m, failure));
    } finally {
      setBusy(undefined);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!PHONE.test(number)) {
      setPhoneError(t.phoneInvalid);
      return;
    }
    if (!CODE.test(code)) {
      setError(t.codeInvalid);
      codeInput.current?.focus();
      return;
    }
    setError(undefined);
    setBusy('login');
    try {
      const { token } = await signIn(number, code, lang);
      onSignedIn(token);
    } catch (failure) {
      setError(errorText(m, failure));
      setBusy(undefined);
    }
  };

  return (
    <main className="sign-in">
      <form className="card sign-in-form" onSubmit={submit} noValidate aria-labelledby="sign-in-heading">
        <h2 id="sign-in-heading">{t.heading}</h2>
        {ended && <p className="notice-line bad" role="alert">{ended}</p>}
        <p className="hint">{t.intro}</p>
        <div className="field">
          <label htmlFor="tenant-phone">{t.phone}</label>
          <input id="tenant-phone" type="tel" inputMode="numeric" autoComplete="tel-national" enterKeyHint="next" maxLength={20} value={phone}
            aria-invalid={phoneError !== undefined} aria-describedby={phoneError ? 'phone-error' : undefined}
            onChange={(event) => { setPhone(event.target.value); setPhoneError(undefined); }} />
        </div>
        {phoneError && <p id="phone-error" className="error" role="alert">{phoneError}</p>}
        <button type="button" className="secondary send-code" onClick={askCode} disabled={busy !== undefined || waitSeconds > 0}>
          {busy === 'code' ? t.sending : waitSeconds > 0 ? fill(t.resendIn, { seconds: waitSeconds }) : t.sendCode}
        </button>
        {sentNote && sentTo === number && <p className="hint sent" role="status">{sentNote}</p>}
        <div className="field">
          <label htmlFor="tenant-code">{t.code}</label>
          <input id="tenant-code" ref={codeInput} type="text" inputMode="numeric" autoComplete="one-time-code" enterKeyHint="go" pattern="[0-9]*" maxLength={6}
            value={code} onChange={(event) => { setCode(event.target.value.replace(/\D/g, '').slice(0, 6)); setError(undefined); }} />
        </div>
        {error && <p className="error" role="alert">{error}</p>}
        <button type="submit" className="primary" disabled={busy !== undefined}>{busy === 'login' ? t.signingIn : t.submit}</button>
        <p className="hint pay-only">{t.payOnly}</p>
      </form>
    </main>
  );
}
