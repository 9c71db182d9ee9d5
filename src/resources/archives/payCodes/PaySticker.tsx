import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Box, Skeleton, Typography } from '@mui/material';
import QRCode from 'qrcode';

/** A QR code of a link as a PNG data URL (240 px, a one-module margin), made once per link. */
export function useQrCode(url: string | undefined) {
  return useQuery({
    queryKey: ['payCodes', 'qr', url],
    queryFn: () => QRCode.toDataURL(url!, { margin: 1, width: 240 }),
    enabled: !!url,
    staleTime: Infinity,
  });
}

/**
 * Print CSS: only the element `#<id>` prints (the console and any dialog around it hidden), black
 * on white. `visibility` rather than `display`, because the sticker sits inside a dialog.
 */
export const printOnly = (id: string, page = 'size: A4 portrait; margin: 10mm;') => `
@media print {
  @page { ${page} }
  body * { visibility: hidden !important; }
  #${id}, #${id} * { visibility: visible !important; }
  #${id} { position: absolute; left: 0; top: 0; width: 100%; margin: 0; padding: 0; box-shadow: none; background: #fff; color: #000; overflow: visible; }
}`;

/**
 * A pay sticker: the room (project, building and room code), the QR code of its pay link, and
 * the line that tells a tenant what to do with it. Sized for print in millimetres.
 */
export function PaySticker({ heading, room, url }: { heading?: string | null; room: string; url: string }) {
  const translate = useTranslate();
  const { data: qr } = useQrCode(url);
  return (
    <Box
      className="pay-sticker"
      sx={{
        width: '62mm', p: '3mm', border: '1px dashed', borderColor: 'grey.500', borderRadius: 1, textAlign: 'center',
        bgcolor: '#fff', color: '#000', breakInside: 'avoid', pageBreakInside: 'avoid', boxSizing: 'border-box',
      }}
    >
      {heading && <Typography sx={{ fontSize: '9pt', color: '#444' }}>{heading}</Typography>}
      <Typography sx={{ fontSize: '13pt', fontWeight: 700, lineHeight: 1.3 }}>{room}</Typography>
      {qr
        ? <Box component="img" src={qr} alt={translate('payments.payCode.qrAlt', { room })} sx={{ display: 'block', width: '44mm', height: '44mm', mx: 'auto', my: '1mm' }} />
        : <Skeleton variant="rectangular" sx={{ width: '44mm', height: '44mm', mx: 'auto', my: '1mm' }} />}
      <Typography sx={{ fontSize: '9pt', lineHeight: 1.3 }}>{translate('payments.payCode.scanLine')}</Typography>
    </Box>
  );
}
