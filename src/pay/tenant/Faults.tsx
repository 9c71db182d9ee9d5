import { useEffect, useRef, useState, type FormEvent } from 'react';
import { dateTimeOf } from '../dates';
import { fill, usePayI18n } from '../i18n';
import { errorText } from '../words';
import { FAULT_KINDS, type Fault, type FaultKind, type FaultReport, type PhotoType, type TenantRoom } from './api';
import { LoadFailed } from './parts';
import { useCall, useTenant } from './session';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
export const MAX_FAULT_TEXT = 500;
const PHOTO_TYPES: readonly PhotoType[] = ['image/jpeg', 'image/png', 'image/webp'];

/** A file's bytes as base64 (without the data URL's prefix). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Report a fault (报修) of the room: kind, text, an optional photo (≤ 2 MB, checked here first); and the room's reports. */
export function Faults({ room }: { room: TenantRoom }) {
  const { m } = usePayI18n();
  const { client } = useTenant();
  const f = m.tenant.faults;
  const faults = useCall(() => client.faults(room.roomId), [client, room.roomId]);
  const [kind, setKind] = useState<FaultKind>('no_power');
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | undefined>();
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const choosePhoto = (file: File | undefined) => {
    setSent(false);
    setPhotoError(undefined);
    if (!file) {
      setPhoto(undefined);
      return;
    }
    const refuse = (message: string) => {
      setPhoto(undefined);
      setPhotoError(message);
      if (fileInput.current) fileInput.current.value = '';
    };
    if (!PHOTO_TYPES.includes(file.type as PhotoType)) return refuse(f.photoType);
    if (file.size > MAX_PHOTO_BYTES) return refuse(fill(f.photoTooBig, { size: (file.size / (1024 * 1024)).toFixed(1) }));
    setPhoto(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = text.trim();
    if (!body || body.length > MAX_FAULT_TEXT) {
      setError(f.textMissing);
      return;
    }
    setBusy(true);
    setError(undefined);
    setSent(false);
    try {
      const report: FaultReport = { kind, text: body };
      if (photo) report.photo = { type: photo.type as PhotoType, data: await base64Of(photo) };
      await client.reportFault(room.roomId, report);
      setText('');
      setPhoto(undefined);
      if (fileInput.current) fileInput.current.value = '';
      setSent(true);
      faults.reload();
    } catch (failure) {
      setError(errorText(m, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card faults" aria-labelledby="faults-heading">
      <h2 id="faults-heading">{f.heading}</h2>
      <form className="fault-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="fault-kind">{f.kind}</label>
          <select id="fault-kind" value={kind} onChange={(event) => setKind(event.target.value as FaultKind)}>
            {FAULT_KINDS.map((option) => <option key={option} value={option}>{f.kinds[option]}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="fault-text">{f.text}</label>
          <textarea id="fault-text" rows={4} maxLength={MAX_FAULT_TEXT} placeholder={f.textHint} value={text} aria-describedby="fault-count"
            onChange={(event) => { setText(event.target.value); setError(undefined); setSent(false); }} />
          <small id="fault-count" className="count">{fill(f.count, { count: text.length })}</small>
        </div>
        <div className="field">
          <label htmlFor="fault-photo">{f.photo}</label>
          <input id="fault-photo" ref={fileInput} type="file" accept={PHOTO_TYPES.join(',')} aria-describedby="photo-hint"
            aria-invalid={photoError !== undefined} onChange={(event) => choosePhoto(event.target.files?.[0])} />
          <small id="photo-hint" className="hint">{f.photoHint}</small>
        </div>
        {photoError && <p className="error" role="alert">{photoError}</p>}
        {photo && (
          <p className="photo-chosen">
            <span>{photo.name}</span>
            <button type="button" className="link-button" onClick={() => { setPhoto(undefined); if (fileInput.current) fileInput.current.value = ''; }}>{f.removePhoto}</button>
          </p>
        )}
        {error && <p className="error" role="alert">{error}</p>}
        {sent && <p className="saved" role="status">{f.sent}</p>}
        <button type="submit" className="primary" disabled={busy}>{busy ? f.sending : f.submit}</button>
      </form>

      <h3>{f.list}</h3>
      {faults.state === 'failed' && !faults.data && <LoadFailed error={faults.error} onRetry={faults.reload} />}
      {!faults.data && faults.state === 'loading' && <p className="hint" role="status">{m.loading}</p>}
      {faults.data && (faults.data.length === 0 ? <p className="hint">{f.none}</p> : (
        <ul className="fault-list">
          {faults.data.map((fault) => <FaultItem key={fault.id} room={room} fault={fault} />)}
        </ul>
      ))}
    </section>
  );
}

function FaultItem({ room, fault }: { room: TenantRoom; fault: Fault }) {
  const { m } = usePayI18n();
  const { client } = useTenant();
  const f = m.tenant.faults;
  const [photoUrl, setPhotoUrl] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => () => {
    if (photoUrl) URL.revokeObjectURL(photoUrl);
  }, [photoUrl]);
  const showPhoto = async () => {
    setError(undefined);
    try {
      setPhotoUrl(URL.createObjectURL(await client.faultPhoto(room.roomId, fault.id)));
    } catch (failure) {
      setError(errorText(m, failure));
    }
  };
  return (
    <li className={`fault ${fault.state}`}>
      <p className="fault-head">
        <strong>{f.kinds[fault.kind] ?? fault.kind}</strong>
        <span className={`tag ${fault.state === 'resolved' ? 'ok' : 'wait'}`}>{f.state[fault.state]}</span>
      </p>
      <p className="fault-text">{fault.text}</p>
      <p className="hint">{fill(f.reportedAt, { time: dateTimeOf(fault.createdAt) })}</p>
      {fault.state === 'resolved' && fault.resolvedAt && <p className="hint">{fill(f.resolvedAt, { time: dateTimeOf(fault.resolvedAt) })}</p>}
      {fault.resolution && <p className="resolution">{fill(f.resolution, { text: fault.resolution })}</p>}
      {fault.hasPhoto && !photoUrl && <button type="button" className="link-button" onClick={showPhoto}>{f.viewPhoto}</button>}
      {photoUrl && <img className="fault-photo" src={photoUrl} alt={f.photoAlt} />}
      {error && <p className="error" role="alert">{error}</p>}
    </li>
  );
}
