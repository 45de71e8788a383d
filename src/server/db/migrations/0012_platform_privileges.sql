-- Platform tables under row-level security, and password hashes out of the app role's reach
-- (issue 12, decision 013). Requests run as shop_app; these tables had no policy, so any request SQL
-- could list every account, session and password hash.
CREATE OR REPLACE FUNCTION app_current_session() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.session_hash', true), '')
$$;
--> statement-breakpoint
-- tenants: store names and slugs are public (every storefront shows them); only a verified platform
-- owner creates or deletes a store, and a store's own scope may rename it.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY public_read ON tenants FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY platform_owner_insert ON tenants FOR INSERT WITH CHECK (app_is_platform_owner());
--> statement-breakpoint
CREATE POLICY own_or_owner_update ON tenants FOR UPDATE
  USING (id = app_current_tenant() OR app_is_platform_owner())
  WITH CHECK (id = app_current_tenant() OR app_is_platform_owner());
--> statement-breakpoint
CREATE POLICY platform_owner_delete ON tenants FOR DELETE USING (app_is_platform_owner());
--> statement-breakpoint
-- sessions: a scope sees the session whose token hash it names (sign-in, sign-out, loading the actor)
-- and the signed-in user's own; nothing lists everybody's sessions.
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY own_session ON sessions
  USING (token_hash = app_current_session() OR user_id = app_current_user())
  WITH CHECK (token_hash = app_current_session() OR user_id = app_current_user());
--> statement-breakpoint
-- users: accounts are platform-wide, so a store may see only the people who belong to it (members),
-- the signed-in user, the user of the session being loaded, and platform owners (who act in every
-- store's history). Sign-up may create an account; a user may change only their own.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY visible_users ON users FOR SELECT USING (
  id = app_current_user()
  OR is_platform_owner
  OR app_is_platform_owner()
  OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = users.id AND m.tenant_id = app_current_tenant())
  OR EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = users.id AND s.token_hash = app_current_session())
);
--> statement-breakpoint
CREATE POLICY sign_up ON users FOR INSERT WITH CHECK (id = app_current_user() AND NOT is_platform_owner);
--> statement-breakpoint
CREATE POLICY own_account ON users FOR UPDATE USING (id = app_current_user()) WITH CHECK (id = app_current_user());
--> statement-breakpoint
-- The app role reads only these columns, never password_hash. Inserts name every column (drizzle
-- writes DEFAULT for the rest), and the sign_up policy refuses a platform owner; updates never touch
-- is_platform_owner.
REVOKE SELECT, INSERT, UPDATE, DELETE ON users FROM shop_app;
--> statement-breakpoint
GRANT SELECT (id, email, is_platform_owner, created_at) ON users TO shop_app;
--> statement-breakpoint
GRANT INSERT (id, email, password_hash, is_platform_owner, created_at) ON users TO shop_app;
--> statement-breakpoint
GRANT UPDATE (email, password_hash) ON users TO shop_app;
--> statement-breakpoint
-- Password checks without reading the hash: the app fetches the parameters and salt (the PHC string
-- up to its last '$'), computes argon2 of the candidate password with them, and asks whether the
-- result equals the stored hash. The digest itself never leaves the database.
CREATE OR REPLACE FUNCTION app_password_salt(p_email text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT left(password_hash, length(password_hash) - position('$' in reverse(password_hash))) FROM users WHERE email = p_email
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_verify_password(p_email text, p_candidate text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT id FROM users WHERE email = p_email AND password_hash = p_candidate
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_password_salt(text), app_verify_password(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_password_salt(text), app_verify_password(text, text) TO shop_app;
--> statement-breakpoint
-- Attempt counters hold no store's data and every request may count them (sign-in, sign-up, claim
-- limits): under row-level security like every table, with the policy saying so; rows are added and
-- expired, never edited.
ALTER TABLE sign_in_failures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sign_in_failures FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attempt_counter ON sign_in_failures USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE UPDATE ON sign_in_failures FROM shop_app;
--> statement-breakpoint
ALTER TABLE platform_rate_limit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE platform_rate_limit_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attempt_counter ON platform_rate_limit_events USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE UPDATE ON platform_rate_limit_events FROM shop_app;
