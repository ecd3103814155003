-- Issue 10 (server performance). Each section below is owned by one part of the work.
-- == sync: the change feed ==
SELECT 1;--> statement-breakpoint
-- == end sync ==
-- == uploads ==
SELECT 1;
-- == end uploads ==
