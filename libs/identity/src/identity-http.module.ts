import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LogInFanHandler } from './commands/log-in-fan/log-in-fan.handler.js';
import { LogOutHandler } from './commands/log-out/log-out.handler.js';
import { RegisterFanHandler } from './commands/register-fan/register-fan.handler.js';
import { VerifyFanEmailHandler } from './commands/verify-fan-email/verify-fan-email.handler.js';
import { FanAuthController } from './http/fan-auth.controller.js';
import { FanSessionGuard } from './http/fan-session.guard.js';
import { FanUserController } from './http/fan-user.controller.js';
import { GetCurrentFanHandler } from './queries/get-current-fan/get-current-fan.handler.js';

/** HTTP side of identity, imported by apps/api. */
@Module({
  imports: [CqrsModule],
  controllers: [FanAuthController, FanUserController],
  providers: [RegisterFanHandler, LogInFanHandler, VerifyFanEmailHandler, LogOutHandler, GetCurrentFanHandler, FanSessionGuard],
  exports: [FanSessionGuard],
})
export class IdentityHttpModule {}
