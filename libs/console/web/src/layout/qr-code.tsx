import { useMemo } from 'react';
import { create } from 'qrcode';
import { darkModulesPath, QUIET_ZONE } from './qr-code-path.js';

// `text` as a QR code, drawn as inline SVG elements (no markup string, no inline style: the
// gateway's Content-Security-Policy allows none), dark on white in any theme so a scanner reads
// it. `label` is its accessible name.
export function QrCode({ text, label }: { text: string; label: string }) {
  const { modules } = useMemo(() => create(text, { errorCorrectionLevel: 'M' }), [text]);
  const side = modules.size + 2 * QUIET_ZONE;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={darkModulesPath(modules)} fill="#000" />
    </svg>
  );
}
