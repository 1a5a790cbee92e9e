import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityFacadeModule } from './identity-facade.module.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { CompleteArtistRegistrationHandler } from './commands/complete-artist-registration/complete-artist-registration.handler.js';
import { DeleteAccountHandler } from './commands/delete-account/delete-account.handler.js';
import { LogInHandler } from './commands/log-in/log-in.handler.js';
import { LogOutHandler } from './commands/log-out/log-out.handler.js';
import { RegisterArtistHandler } from './commands/register-artist/register-artist.handler.js';
import { RegisterFanHandler } from './commands/register-fan/register-fan.handler.js';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler.js';
import { RenameFanHandler } from './commands/rename-fan/rename-fan.handler.js';
import { ResendVerificationHandler } from './commands/resend-verification/resend-verification.handler.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { UpdateArtistProfileHandler } from './commands/update-artist-profile/update-artist-profile.handler.js';
import { VerifyEmailHandler } from './commands/verify-email/verify-email.handler.js';
import { CaptchaVerifier } from './domain/captcha.js';
import { AdminAuthController, AdminProfileController } from './http/admin-auth.controller.js';
import { ArtistAuthController, ArtistUserController } from './http/artist-auth.controller.js';
import { FanAuthController, FanUserController } from './http/fan-auth.controller.js';
import { PromotionController } from './http/promotion.controller.js';
import { AdminSocialAuthController, ArtistSocialAuthController, FanSocialAuthController } from './http/social-auth.controller.js';
import { SocialSignIn } from './social/social-sign-in.service.js';
import { AdminSessionGuard, ArtistSessionGuard, FanSessionGuard } from './http/session.guard.js';
import { GetAdminProfileHandler } from './queries/get-admin-profile/get-admin-profile.handler.js';
import { GetCurrentArtistHandler } from './queries/get-current-artist/get-current-artist.handler.js';
import { GetCurrentFanHandler } from './queries/get-current-fan/get-current-fan.handler.js';

/** HTTP side of identity, imported by apps/api. */
@Module({
  imports: [CqrsModule, IdentityFacadeModule],
  controllers: [
    FanAuthController,
    FanUserController,
    ArtistAuthController,
    ArtistUserController,
    AdminAuthController,
    AdminProfileController,
    PromotionController,
    FanSocialAuthController,
    ArtistSocialAuthController,
    AdminSocialAuthController,
  ],
  providers: [
    RegisterFanHandler,
    RegisterArtistHandler,
    CompleteArtistRegistrationHandler,
    LogInHandler,
    LogOutHandler,
    VerifyEmailHandler,
    RequestPasswordResetHandler,
    ResendVerificationHandler,
    ResetPasswordHandler,
    DeleteAccountHandler,
    UpdateArtistProfileHandler,
    RenameFanHandler,
    ChangePasswordHandler,
    GetCurrentFanHandler,
    GetCurrentArtistHandler,
    GetAdminProfileHandler,
    FanSessionGuard,
    ArtistSessionGuard,
    AdminSessionGuard,
    CaptchaVerifier,
    SocialSignIn,
  ],
  exports: [FanSessionGuard, ArtistSessionGuard, AdminSessionGuard, IdentityFacadeModule],
})
export class IdentityHttpModule {}
