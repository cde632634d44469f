/**
 * A country's flag from country-flag-icons (3x2 SVG). The flag set is one lazy chunk, loaded
 * the first time a flag is shown, so it stays out of the page bundles.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { theme } from 'antd';

type FlagsModule = typeof import('country-flag-icons/react/3x2');
type FlagComponent = FlagsModule['FR'];

let loaded: FlagsModule | undefined;
let loading: Promise<FlagsModule> | undefined;

function loadFlags(): Promise<FlagsModule> {
  loading ??= import(/* webpackChunkName: "flags" */ 'country-flag-icons/react/3x2').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // try again next time
      throw error;
    },
  );
  return loading;
}

// ccTLDs that differ from the ISO 3166 code the flags are named by.
const CCTLD_TO_ISO: Record<string, string> = { UK: 'GB' };

/** The flag component's export name for a ccTLD, e.g. `fr` -> `FR`, `uk` -> `GB`. */
export function flagCode(cctld: string): string {
  const code = cctld.trim().toUpperCase().replace(/-/g, '_');
  return CCTLD_TO_ISO[code] ?? code;
}

const BOX: CSSProperties = {
  display: 'inline-block',
  width: 24,
  height: 16,
  verticalAlign: 'middle',
  borderRadius: 2,
};

/** Props of {@link CountryFlag}. */
export interface CountryFlagProps {
  /** Two-letter country code, any case, e.g. `fr`. */
  cctld: string;
  /** Country name, the flag's accessible name and tooltip. */
  country: string;
}

/** The flag of `cctld`; an empty box while the flags load or when there is no such flag. */
export function CountryFlag({ cctld, country }: CountryFlagProps) {
  const [flags, setFlags] = useState<FlagsModule | undefined>(loaded);
  useEffect(() => {
    if (flags) return undefined;
    let live = true;
    loadFlags().then(
      (module) => live && setFlags(module),
      () => undefined, // keep the empty box; the table stays usable
    );
    return () => {
      live = false;
    };
  }, [flags]);

  const { token } = theme.useToken();
  const box: CSSProperties = { ...BOX, boxShadow: `0 0 0 1px ${token.colorBorderSecondary}` };
  const Flag = flags
    ? (flags as unknown as Record<string, FlagComponent | undefined>)[flagCode(cctld)]
    : undefined;
  if (!Flag) {
    return <span style={{ ...box, background: token.colorFillSecondary }} aria-hidden="true" />;
  }
  return <Flag title={country} role="img" aria-label={country} style={box} />;
}
