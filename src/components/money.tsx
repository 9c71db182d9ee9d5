import { NumberInput, useRecordContext, type NumberInputProps } from 'react-admin';
import { Typography } from '@mui/material';

/** Integer fen → yuan text with two decimals (money is never floating point on the way in). */
export const fenToYuan = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '' : `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** Yuan typed by an operator → integer fen (rounded to the fen). */
export const yuanToFen = (yuan: number | string | null | undefined) => {
  if (yuan === null || yuan === undefined || yuan === '') return null;
  const value = typeof yuan === 'number' ? yuan : Number(yuan);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
};

export function MoneyField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const fen = record?.[source] as number | null | undefined;
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', color: fen !== null && fen !== undefined && fen < 0 ? 'error.main' : undefined }}>
      {fenToYuan(fen)}
    </Typography>
  );
}

/** An amount in yuan on screen, stored in fen. */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      step={0.01}
      min={0}
      format={(fen: number | null | undefined) => (fen === null || fen === undefined ? '' : (fen as number) / 100) as never}
      parse={(yuan: string) => yuanToFen(yuan) as never}
      {...props}
    />
  );
}
