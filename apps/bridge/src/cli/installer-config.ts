import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** config.json as the installer zip ships it (apps/server installer-zip.ts writes it). */
export const InstallerConfigSchema = z.object({
  server_url: z.url({ protocol: /^https?$/, error: 'server_url deve ser um endereço http(s).' }),
  device_key: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'device_key inválida.'),
  device_id: z.string().optional(),
  adapter: z.enum(['sim', 'ea']).default('ea'),
  ea_port: z.number().int().min(1).max(65_535).default(5555),
  state_dir: z.string().min(1).default('bridge-data'),
});
export type InstallerConfig = z.infer<typeof InstallerConfigSchema>;

/** Reads and checks the installer's config; its state_dir is relative to the file's folder. */
export function readInstallerConfig(file: string): InstallerConfig {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(
      `Não foi possível ler ${file}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const parsed = InstallerConfigSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`Configuração inválida em ${file}: ${z.prettifyError(parsed.error)}`);
  }
  return {
    ...parsed.data,
    state_dir: path.resolve(path.dirname(path.resolve(file)), parsed.data.state_dir),
  };
}
