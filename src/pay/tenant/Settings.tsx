import { useEffect, useState } from 'react';
import { fill, usePayI18n } from '../i18n';
import { errorText } from '../words';
import type { NoticeSettings } from './api';
import { LoadFailed, Loading } from './parts';
import { useCall, useTenant } from './session';

type Switch = 'lowBalance' | 'daysLeft' | 'credited' | 'supply';
const SWITCHES: Switch[] = ['lowBalance', 'daysLeft', 'credited', 'supply'];
const THRESHOLDS = Array.from({ length: 30 }, (_, i) => i + 1);

/** The SMS notices the tenant wants, each saved as it is switched (PUT /settings); the masked phone. */
export function Settings() {
  const { m } = usePayI18n();
  const { client } = useTenant();
  const me = useCall(() => client.me(), [client]);
  const t = m.tenant.settings;
  const [settings, setSettings] = useState<NoticeSettings | undefined>();
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState<{ text: string; bad: boolean } | undefined>();
  useEffect(() => {
    if (me.data) setSettings(me.data.settings);
  }, [me.data]);

  const save = async (next: NoticeSettings) => {
    const before = settings;
    setSettings(next);
    setSaving(true);
    setNote(undefined);
    try {
      setSettings(await client.saveSettings(next));
      setNote({ text: t.saved, bad: false });
    } catch (failure) {
      setSettings(before);
      setNote({ text: errorText(m, failure), bad: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t.heading}</h2>
      {me.data && <p className="signed-in-as">{fill(t.phone, { phone: me.data.phone })}</p>}
      {!settings && (me.state === 'failed' ? <LoadFailed error={me.error} onRetry={me.reload} /> : <Loading />)}
      {settings && (
        <>
          <p className="hint">{t.intro}</p>
          <ul className="switches">
            {SWITCHES.map((key) => {
              const id = `notice-${key}`;
              return (
                <li key={key}>
                  <div className="switch-row">
                    <span className="switch-text">
                      <label htmlFor={id}>{t[key]}</label>
                      <small id={`${id}-hint`}>{t[`${key}Hint` as const]}</small>
                    </span>
                    <input id={id} type="checkbox" role="switch" checked={settings[key]} disabled={saving} aria-describedby={`${id}-hint`}
                      onChange={(event) => save({ ...settings, [key]: event.target.checked })} />
                  </div>
                  {key === 'daysLeft' && (
                    <div className="threshold">
                      <label htmlFor="notice-threshold">{t.threshold}</label>
                      <select id="notice-threshold" value={settings.daysLeftThreshold} disabled={saving || !settings.daysLeft}
                        onChange={(event) => save({ ...settings, daysLeftThreshold: Number(event.target.value) })}>
                        {THRESHOLDS.map((days) => <option key={days} value={days}>{fill(t.thresholdDays, { days })}</option>)}
                      </select>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {note && <p className={note.bad ? 'error' : 'saved'} role={note.bad ? 'alert' : 'status'}>{note.text}</p>}
        </>
      )}
    </section>
  );
}
