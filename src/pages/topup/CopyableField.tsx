/**
 * A labelled value with a copy button, for what a customer types into a banking app. Copies with
 * the Clipboard API and says so; where the browser refuses (no permission, an insecure page, an
 * old browser) it selects the value instead, so a Ctrl+C or a long press copies it.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';

import { usePortalNotify } from '../../components/usePortalNotify';

export interface CopyableFieldProps {
  label: string;
  /** What is shown. */
  value: string;
  /** What is copied, when it differs from what is shown (digits without separators). */
  copyText?: string;
}

export function CopyableField({ label, value, copyText = value }: CopyableFieldProps) {
  const translate = useTranslate();
  const notify = usePortalNotify();
  const valueRef = useRef<HTMLElement>(null);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(copyText);
      notify.success('topup.copied', { what: label });
    } catch {
      selectContents(valueRef.current);
      notify.info('topup.copy_manually');
    }
  };

  return (
    // A <div> around each dt/dd pair is what a <dl> allows.
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Stack component="dd" direction="row" spacing={1} alignItems="flex-start" sx={{ m: 0 }}>
        <Typography
          component="span"
          ref={valueRef}
          sx={{
            flex: 1,
            minWidth: 0,
            fontWeight: 500,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {value}
        </Typography>
        <IconButton
          onClick={() => void copy()}
          aria-label={translate('topup.copy_label', { what: label })}
          title={translate('topup.copy')}
          size="small"
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Stack>
    </div>
  );
}

function selectContents(element: HTMLElement | null): void {
  const selection = window.getSelection();
  if (!element || !selection) return;
  selection.selectAllChildren(element);
}
