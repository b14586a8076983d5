import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { profileDataShape } from '../custom-profile-fields/profile-data.params.js';
import {
  DeactivateOwnUserUseCase,
  DeactivateUserUseCase,
  ReactivateUserUseCase,
} from './account-status.use-cases.js';
import { CreateUserUseCase } from './create-user.use-case.js';
import { UpdateUserUseCase } from './update-user.use-case.js';
import { UserDirectory } from './user-directory.js';

const createUserParams = {
  email: required(param.string()),
  password: required(param.string()),
  full_name: required(param.string()),
};

const userListParams = {
  client_gravatar: withDefault(param.bool(), true),
  include_custom_profile_fields: withDefault(param.bool(), false),
};

// Zulip 11's declaration order (profile_data, between new_email and role, belongs to the
// custom profile fields).
const updateUserParams = {
  full_name: optional(param.string()),
  new_email: optional(param.string()),
  profile_data: optional(param.orNull(param.json(profileDataShape({ nullable: true })))),
  role: optional(param.int()),
};

@Controller()
export class UsersController {
  constructor(
    private readonly createUser: CreateUserUseCase,
    private readonly updateUser: UpdateUserUseCase,
    private readonly deactivateUser: DeactivateUserUseCase,
    private readonly deactivateOwnUser: DeactivateOwnUserUseCase,
    private readonly reactivateUser: ReactivateUserUseCase,
    private readonly directory: UserDirectory,
  ) {}

  @ChatEndpoint('POST', 'users', { access: 'administrator' })
  create(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(createUserParams) p: ParamsOf<typeof createUserParams>,
  ) {
    return this.createUser.execute(caller, { email: p.email, password: p.password, fullName: p.full_name });
  }

  @ChatEndpoint('GET', 'users')
  list(@CurrentCaller() caller: ChatCaller, @ChatParams(userListParams) p: ParamsOf<typeof userListParams>) {
    return this.directory.members(caller, rowOptions(p));
  }

  // Declared before users/:user so that `me` is not read as an email.
  @ChatEndpoint('GET', 'users/me')
  me(@CurrentCaller() caller: ChatCaller) {
    return this.directory.me(caller);
  }

  @ChatEndpoint('DELETE', 'users/me')
  deactivateMe(@CurrentCaller() caller: ChatCaller) {
    return this.deactivateOwnUser.execute(caller);
  }

  @ChatEndpoint('GET', 'users/:user')
  get(
    @CurrentCaller() caller: ChatCaller,
    @Param('user') user: string,
    @ChatParams(userListParams) p: ParamsOf<typeof userListParams>,
  ) {
    return this.directory.one(caller, user, rowOptions(p));
  }

  // By id or, since Zulip 10 (feature level 313), by email. Open to every caller, as in Zulip:
  // the target's lookup refuses who may not administer it ("Insufficient permission").
  @ChatEndpoint('PATCH', 'users/:user')
  update(
    @CurrentCaller() caller: ChatCaller,
    @Param('user') user: string,
    @ChatParams(updateUserParams) p: ParamsOf<typeof updateUserParams>,
  ) {
    return this.updateUser.execute(caller, user, {
      fullName: p.full_name,
      newEmail: p.new_email,
      profileData: p.profile_data,
      role: p.role,
    });
  }

  @ChatEndpoint('DELETE', 'users/:user')
  deactivate(@CurrentCaller() caller: ChatCaller, @Param('user') user: string) {
    return this.deactivateUser.execute(caller, user);
  }

  @ChatEndpoint('POST', 'users/:user/reactivate')
  reactivate(@CurrentCaller() caller: ChatCaller, @Param('user') user: string) {
    return this.reactivateUser.execute(caller, user);
  }
}

function rowOptions(p: ParamsOf<typeof userListParams>) {
  return { clientGravatar: p.client_gravatar, includeCustomProfileFields: p.include_custom_profile_fields };
}
