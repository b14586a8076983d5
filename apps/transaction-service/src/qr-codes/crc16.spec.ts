import { describe, expect, it } from '@jest/globals';
import { crc16CcittFalse } from './crc16.js';

describe(crc16CcittFalse.name, () => {
  it('gives the published CRC-16/CCITT-FALSE check value', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it("reproduces the central bank's example checksum over the payload up to 6304", () => {
    const signed =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16CcittFalse(signed)).toBe('1D3D');
  });

  it('hashes UTF-8 bytes, so accented names check like any other reader computes them', () => {
    const signed =
      '00020126360014BR.GOV.BCB.PIX0114+556191234567852040000530398654071234.565802BR5913João da Silva6009SAO PAULO62070503***6304';
    expect(crc16CcittFalse(signed)).toBe('57D0');
  });

  it('pads to four digits', () => {
    expect(crc16CcittFalse('')).toBe('FFFF');
    expect(crc16CcittFalse('315')).toBe('003B');
  });
});
