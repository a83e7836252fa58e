/**
 * A small button that copies one value (an IP, an ID, a fingerprint) to the clipboard. Its
 * accessible name says what it copies ("Sao chép IP 103.56.158.24"); after a press its tooltip
 * and a polite live region say "Đã sao chép" for a moment. Where the browser refuses the
 * clipboard (an insecure page, a denied permission) it says so instead of pretending.
 * A press never reaches the row under it (list rows open the record on a click).
 */
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';

import { VISUALLY_HIDDEN } from './visuallyHidden';

/** How long "Đã sao chép" stays. */
const FEEDBACK_MS = 2000;

interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, as the button's name says it: "IP 103.56.158.24 của web-01". */
  what: string;
}

type CopyState = 'idle' | 'done' | 'failed';

export function CopyButton({ value, what }: CopyButtonProps) {
  const translate = useTranslate();
  const [state, setState] = useState<CopyState>('idle');
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const label = translate('lists.copy.label', { what });
  const feedback = state === 'idle' ? '' : translate(`lists.copy.${state}`);
  const copy = (event: MouseEvent) => {
    event.stopPropagation();
    copyText(value).then(
      () => setState('done'),
      () => setState('failed'),
    );
  };

  return (
    <>
      <Tooltip
        title={feedback || label}
        open={hovered || state !== 'idle'}
        onOpen={() => setHovered(true)}
        onClose={() => setHovered(false)}
      >
        <IconButton size="small" aria-label={label} onClick={copy} sx={{ p: 0.25 }}>
          {state === 'done' ? (
            <CheckIcon fontSize="inherit" color="success" />
          ) : (
            <ContentCopyIcon fontSize="inherit" />
          )}
        </IconButton>
      </Tooltip>
      {/* Only while there is something to say, so a list of fifty rows is not fifty regions. */}
      {feedback ? (
        <Box component="span" role="status" sx={VISUALLY_HIDDEN}>
          {feedback}
        </Box>
      ) : null}
    </>
  );
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Pages served without HTTPS have no navigator.clipboard: the old way still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** "ID 301" in small print with its copy button, under a record's name in a list. */
export function CopyableId({ id, name }: { id: number; name: string }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        {translate('lists.id', { id })}
      </Typography>
      <CopyButton value={String(id)} what={translate('lists.id_of', { name })} />
    </Stack>
  );
}
