import { Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { actorOf } from '@shared/util';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { ListPageRequestDto } from '../partners/list-page.request.dto.js';
import { UuidParam } from '../partners/uuid-param.js';
import { DisabledUsersRepository } from './disabled-users.repository.js';
import { DisabledUserListResponseDto, UserStandingResponseDto } from './disabled-users.response.dto.js';
import { SetUserDisabledUseCase } from './set-user-disabled.use-case.js';
import { UserIdParam, UserIdPipe } from './user-id-param.js';

const OPERATOR = 'x-operator';
const PARTNER_NOT_FOUND = { type: GatewayErrorResponseDto, description: '`partner_not_found`' };

// Operations disable a partner's end user (its quotes, accepts and KYC submissions are refused
// with 403 user_disabled at the gateway) and enable it again; both in the partner audit log.
@ApiTags('Operations')
@ApiSecurity('opsKey')
@ApiHeader({ name: 'X-Operator', required: false, description: 'Who makes the change (audit log)' })
@OpsAuth()
@Controller('ops/partners/:partnerId/users')
export class OpsDisabledUsersController {
  constructor(
    private readonly setUserDisabled: SetUserDisabledUseCase,
    private readonly disabledUsers: DisabledUsersRepository,
  ) {}

  @Get('disabled')
  @UuidParam('partnerId')
  @ApiOkResponse({
    type: DisabledUserListResponseDto,
    description: 'A page of them, newest first; empty for an unknown partner',
  })
  async list(
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Query() { page, pageSize }: ListPageRequestDto,
  ): Promise<DisabledUserListResponseDto> {
    const [users, total] = await this.disabledUsers.page(partnerId, page, pageSize);
    return {
      page,
      pageSize,
      total,
      users: users.map((user) => ({ userId: user.userId, disabledAt: user.disabledAt.toISOString() })),
    };
  }

  @Post(':userId/disable')
  @HttpCode(200)
  @UuidParam('partnerId')
  @UserIdParam()
  @ApiOkResponse({ type: UserStandingResponseDto })
  @ApiNotFoundResponse(PARTNER_NOT_FOUND)
  disable(
    @Headers(OPERATOR) operator: string | undefined,
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Param('userId', UserIdPipe) userId: string,
  ): Promise<UserStandingResponseDto> {
    return this.setUserDisabled.execute(actorOf(operator), partnerId, userId, true);
  }

  @Post(':userId/enable')
  @HttpCode(200)
  @UuidParam('partnerId')
  @UserIdParam()
  @ApiOkResponse({ type: UserStandingResponseDto })
  @ApiNotFoundResponse(PARTNER_NOT_FOUND)
  enable(
    @Headers(OPERATOR) operator: string | undefined,
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Param('userId', UserIdPipe) userId: string,
  ): Promise<UserStandingResponseDto> {
    return this.setUserDisabled.execute(actorOf(operator), partnerId, userId, false);
  }
}
