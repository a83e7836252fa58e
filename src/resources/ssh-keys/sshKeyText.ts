import type { SshKey } from '../../dataProvider/dataProvider';

/** The key's type and size, as `ssh-keygen -l` reports them: "ED25519 · 256 bit". */
export function keyTypeText(
  key: Pick<SshKey, 'type' | 'bits'>,
  translate: (key: string, args?: Record<string, unknown>) => string,
): string {
  return translate('ssh_keys.list.type_bits', { type: key.type, bits: key.bits });
}
