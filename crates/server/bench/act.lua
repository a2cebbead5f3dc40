-- wrk script of the table server's load figures (see load.py and docs/BENCHMARKS.md).
--
-- Every thread takes its share of the tables in $PBP_TABLES (one line per table: the id, then
-- one token per seat) and posts $PBP_ACTION to them round-robin, each table's seats in turn,
-- so that every request is a legal action when it was generated.

local counter = 0

function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
end

local tables = {}
local position = 0
local body = nil

function init(args)
  local threads = tonumber(os.getenv("PBP_THREADS"))
  body = '{"action":' .. os.getenv("PBP_ACTION") .. '}'
  local lines = {}
  for line in io.lines(os.getenv("PBP_TABLES")) do
    lines[#lines + 1] = line
  end
  for index, line in ipairs(lines) do
    -- Each thread its share; with fewer tables than threads, every thread all of them.
    if (index - 1) % threads == tid or #lines < threads then
      local fields = {}
      for word in line:gmatch("%S+") do
        fields[#fields + 1] = word
      end
      local tokens = {}
      for i = 2, #fields do
        tokens[#tokens + 1] = fields[i]
      end
      tables[#tables + 1] = { id = fields[1], tokens = tokens, next = 0 }
    end
  end
end

function request()
  position = position % #tables + 1
  local t = tables[position]
  local token = t.tokens[t.next % #t.tokens + 1]
  t.next = t.next + 1
  return wrk.format("POST", "/api/tables/" .. t.id .. "/act", {
    ["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json",
  }, body)
end
