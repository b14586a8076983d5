export declare function toBigIntBE(bytes: Uint8Array): bigint;
export declare function toBigIntLE(bytes: Uint8Array): bigint;
export declare function toBufferBE(value: bigint | number, width: number): Buffer;
export declare function toBufferLE(value: bigint | number, width: number): Buffer;
