import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { UpdateOpsUserRequestDto } from './ops-users.request.dto.js';
import { OpsUsersService } from './ops-users.service.js';

// The operator CLI's `chat user` commands. `{user}` is an account id or email of the realm.
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/chat/realms/:realmId/users')
export class OpsUsersController {
  constructor(private readonly ops: OpsUsersService) {}

  @Get()
  @ApiOperation({ summary: "A chat realm's accounts, bots included" })
  list(@Param('realmId', ParseIntPipe) realmId: number) {
    return this.ops.list(realmId);
  }

  @Patch(':user')
  @ApiOperation({ summary: "Change an account's role or its can_change_user_emails permission" })
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
  deactivate(@Param('realmId', ParseIntPipe) realmId: number, @Param('user') user: string) {
    return this.ops.deactivate(realmId, user);
  }

  @Post(':user/reactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reactivate a deactivated account' })
  reactivate(@Param('realmId', ParseIntPipe) realmId: number, @Param('user') user: string) {
    return this.ops.reactivate(realmId, user);
  }

  @Post(':user/api-key')
  @HttpCode(200)
  @ApiOperation({ summary: "Replace an account's API key; the new key is shown only here" })
  resetApiKey(@Param('realmId', ParseIntPipe) realmId: number, @Param('user') user: string) {
    return this.ops.resetApiKey(realmId, user);
  }
}
