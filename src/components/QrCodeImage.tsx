/**
 * A QR code drawn in the browser, never by a third party: the text may be a secret (a two-step
 * sign-in key) or a payment (VietQR). The QR library is loaded by a dynamic import(), in a chunk
 * of its own, only when a code is drawn. A white square with a border while it draws, the code,
 * or `failedText` as an alert.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type * as QrCodeModule from 'qrcode';
import { useEffect, useState, type ReactNode } from 'react';

async function drawQr(text: string, size: number): Promise<string> {
  const loaded = (await import('qrcode')) as typeof QrCodeModule & {
    default?: typeof QrCodeModule;
  };
  const qr = loaded.default ?? loaded;
  return qr.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: size });
}

export function QrCodeImage(props: {
  /** What the code holds; undefined when it cannot be made (shown as failed). */
  text: string | undefined;
  /** Pixels; modules stay several pixels wide, so phone cameras read it at once. */
  size: number;
  alt: string;
  failedText: string;
  /** What shows while it draws (a spinner with a name). */
  drawing: ReactNode;
  testId: string;
}) {
  const { text, size } = props;
  const [drawn, setDrawn] = useState<{ text: string; image?: string; failed?: boolean }>();
  useEffect(() => {
    if (!text) return undefined;
    let current = true;
    drawQr(text, size).then(
      (image) => current && setDrawn({ text, image }),
      () => current && setDrawn({ text, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [text, size]);
  const ready = text !== undefined && drawn?.text === text ? drawn : undefined;
  return (
    <Box
      sx={{
        width: size,
        maxWidth: '100%',
        aspectRatio: '1',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: '#fff',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {text === undefined || ready?.failed ? (
        <Typography role="alert" variant="body2" sx={{ p: 2 }}>
          {props.failedText}
        </Typography>
      ) : ready?.image ? (
        <img
          src={ready.image}
          width={size}
          height={size}
          style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
          alt={props.alt}
          data-testid={props.testId}
        />
      ) : (
        props.drawing
      )}
    </Box>
  );
}
