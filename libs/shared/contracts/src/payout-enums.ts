// The values of the payout API's request enumerations, exactly as clients send them.
export enum CryptoCurrency {
  USDC = 'USDC',
  USDT = 'USDT',
}

export enum Blockchain {
  STELLAR = 'STELLAR',
  SOLANA = 'SOLANA',
  CELO = 'CELO',
}

export enum PaymentMethod {
  BREB = 'BREB',
  PIX = 'PIX',
}

export enum TargetCurrency {
  COP = 'COP',
  BRL = 'BRL',
}

// Payout: crypto in, fiat out. Onramp: fiat in, crypto out.
export enum FlowDirection {
  PAYOUT = 'PAYOUT',
  ONRAMP = 'ONRAMP',
}
