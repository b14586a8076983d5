import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class CreateRealmRequestDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @IsEmail()
  @MaxLength(254)
  ownerEmail!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  ownerName!: string;

  // Optional: lets the owner also log in with /fetch_api_key.
  @IsOptional()
  @IsString()
  @MinLength(8)
  @MaxLength(200)
  ownerPassword?: string;

  // Optional: the host name this realm is served on (requests for it belong to this realm).
  @IsOptional()
  @Matches(/^[a-z0-9]([a-z0-9.-]{0,253}[a-z0-9])?$/i, { message: 'host must be a host name' })
  host?: string;
}
