-- wrk script for the "a different query each request" row: every request asks another question of GET users
-- (another page of a country, another state and year, another page size), so no answer can be reused from the
-- one before; the server must assemble each from its in-memory view.
-- Usage: wrk -s vary.lua http://127.0.0.1:PORT
-- The requests cycle through pages 0-1999 of USA and India (25 a page), Minnesota in each year 1970-2025 (page 0),
-- and USA pages with page sizes 1-50; a thread starts at its own offset.

local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = tid * 7919
end

function request()
  counter = counter + 1
  local k = counter % 4
  local path
  if k == 0 then
    path = string.format("/hometown/users?country=USA&page=%d", counter % 2000)
  elseif k == 1 then
    path = string.format("/hometown/users?country=India&page=%d", counter % 2000)
  elseif k == 2 then
    path = string.format("/hometown/users?state=Minnesota&year=%d&page=0", 1970 + counter % 56)
  else
    path = string.format("/hometown/users?country=USA&reverse=true&page=%d&pagesize=%d", counter % 500, 1 + counter % 50)
  end
  return wrk.format("GET", path)
end
