/* SPDX-License-Identifier: GPL-2.0-only */
#pragma once
#define ONCE_VALUE 42
