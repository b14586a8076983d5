import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { UpdateOpsUserRequestDto } from './ops-users.request.dto.js';
import {
  OpsApiKeyResponseDto,
  OpsUserErrorResponseDto,
  OpsUserListResponseDto,
  OpsUserResponseDto,
} from './ops-users.response.dto.js';
import { OpsUsersService } from './ops-users.service.js';

// The operator CLI's `chat user` commands. `{user}` is an account id or email of the realm.
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@ApiNotFoundResponse({ type: OpsUserErrorResponseDto, description: '`No such realm` or `No such user`' })
@Controller('ops/chat/realms/:realmId/users')
export class OpsUsersController {
  constructor(private readonly ops: OpsUsersService) {}

  @Get()
  @ApiOperation({ summary: "A chat realm's accounts, bots included" })
  @ApiOkResponse({ type: OpsUserListResponseDto })
  list(@Param('realmId', ParseIntPipe) realmId: number) {
    return this.ops.list(realmId);
  }

  @Patch(':user')
  @ApiOperation({ summary: "Change an account's role or its can_change_user_emails permission" })
  @ApiOkResponse({ type: OpsUserResponseDto })
  @ApiBadRequestResponse({ type: OpsUserErrorResponseDto, description: 'An invalid body, or the only owner' })
  update(
    @Param('realmId', ParseIntPipe) realmId: number,
    @Param('user') user: string,
    @Body() body: UpdateOpsUserRequestDto,
  ) {
    return this.ops.update(realmId, user, body);
  }

  @Post(':user/deactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deactivate an account (and the bots it owns)' })
  @ApiOkResponse({ type: OpsUserResponseDto })
  @ApiBadRequestResponse({
    type: OpsUserErrorResponseDto,
    description: 'Already deactivated, or the only owner',
  })
  deactivate(@Param('realmId', ParseIntPipe) realmId: number, @Param('user') user: string) {
    return this.ops.deactivate(realmId, user);
  }

  @Post(':user/reactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reactivate a deactivated account' })
  @ApiOkResponse({ type: OpsUserResponseDto })
  @ApiBadRequestResponse({ type: OpsUserErrorResponseDto, description: '`User is already active`' })
  reactivate(@Param('realmId', ParseIntPipe) realmId: number, @Param('user') user: string) {
    return this.ops.reactivate(realmId, user);
  }

  @Post(':user/api-key')
  @HttpCode(200)
  @ApiOperation({ summary: "Replace an account's API key; the new key is shown only here" })
  @ApiOkResponse({ type: OpsApiKeyResponseDto })
  resetApiKey(@Param('realmId', ParseIntPipe) realmId: number, @Param('user') user: string) {
    return this.ops.resetApiKey(realmId, user);
  }
}
