CREATE TABLE "regions" (
	"id" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"cctld" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
-- Seed: the 27 regions of docs/architecture.md "Regions" (AWS region codes; cctld is the
-- ISO 3166-1 code in lower case).
INSERT INTO "regions" ("id", "city", "country", "cctld") VALUES
	('af-south-1', 'Cape Town', 'South Africa', 'za'),
	('ap-east-1', 'Hong Kong', 'Hong Kong', 'hk'),
	('ap-south-1', 'Mumbai', 'India', 'in'),
	('ap-northeast-1', 'Tokyo', 'Japan', 'jp'),
	('ap-northeast-3', 'Osaka', 'Japan', 'jp'),
	('ap-northeast-2', 'Seoul', 'South Korea', 'kr'),
	('ap-southeast-1', 'Singapore', 'Singapore', 'sg'),
	('ap-southeast-2', 'Sydney', 'Australia', 'au'),
	('ap-southeast-3', 'Jakarta', 'Indonesia', 'id'),
	('ca-central-1', 'Montreal', 'Canada', 'ca'),
	('ca-west-1', 'Calgary', 'Canada', 'ca'),
	('eu-central-1', 'Frankfurt', 'Germany', 'de'),
	('eu-west-1', 'Dublin', 'Ireland', 'ie'),
	('eu-west-2', 'London', 'United Kingdom', 'gb'),
	('eu-west-3', 'Paris', 'France', 'fr'),
	('eu-south-1', 'Milan', 'Italy', 'it'),
	('eu-south-2', 'Zaragoza', 'Spain', 'es'),
	('eu-north-1', 'Stockholm', 'Sweden', 'se'),
	('me-south-1', 'Manama', 'Bahrain', 'bh'),
	('me-central-1', 'Dubai', 'United Arab Emirates', 'ae'),
	('us-east-1', 'Ashburn', 'United States', 'us'),
	('us-east-2', 'Columbus', 'United States', 'us'),
	('us-west-1', 'San Francisco', 'United States', 'us'),
	('us-west-2', 'Portland', 'United States', 'us'),
	('sa-east-1', 'São Paulo', 'Brazil', 'br'),
	('cn-north-1', 'Beijing', 'China', 'cn'),
	('cn-northwest-1', 'Zhongwei', 'China', 'cn');
