import {
  authResponseSchema,
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loadPasswordStrength,
  loginSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordSchema,
  userDtoSchema,
  verifyEmailParamsSchema,
  type AuthResponse,
  type MessageResponse,
  type UserDto,
} from '@substytut/shared';

// The register and reset schemas estimate a password's strength synchronously; the server loads
// the estimator's dictionaries once, before any route can validate a body.
await loadPasswordStrength();

// Request bodies are the shared form schemas (with the language hint of the mails they cause), so
// the server refuses exactly what the forms do; answers are the shared shapes (decision 034).
export const registerBody = registerRequestSchema;
export const loginBody = loginSchema;
export const googleLoginBody = googleLoginRequestSchema;
export const forgotPasswordBody = forgotPasswordRequestSchema;
export const resetPasswordBody = resetPasswordSchema;
export const verifyEmailParams = verifyEmailParamsSchema;

/** The user as the web app stores it (spec 3); never the password hash. */
export const userResponse = userDtoSchema;
export type UserResponse = UserDto;
export const authResponse = authResponseSchema;
export type AuthResult = AuthResponse;
export const successResponse = messageResponseSchema;
export type SuccessResult = MessageResponse;
